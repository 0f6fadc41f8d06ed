// Sign up (a name -> an account; its token shown once) and sign in with a token.

import { api, session, whoAmI } from "../api.js";
import { fill, h, notice } from "../dom.js";

function field(label, input) {
  return h("label", { class: "field" }, h("span", {}, label), input);
}

export function signUp(main) {
  const name = h("input", { name: "name", required: true, maxlength: 40, autocomplete: "nickname",
                            pattern: "[A-Za-z0-9_.\\-]{1,40}" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "card", onsubmit: async (event) => {
    event.preventDefault();
    try {
      const account = await api("/accounts", { method: "POST", body: { name: name.value.trim() }, auth: false });
      session.signIn(account.token);
      await whoAmI();
      window.dispatchEvent(new Event("signed-in"));
      showToken(main, account);
    } catch (problem) {
      error.textContent = problem.message;
    }
  } }, field("Your name (letters, digits, _ . -)", name), h("button", { type: "submit" }, "Sign up"), error);
  fill(main, h("h1", {}, "Sign up"), h("p", {}, "Pick a name; you get an account and a token, its key."), form,
    h("p", {}, "Have a token already? ", h("a", { href: "#/signin" }, "Sign in")));
  name.focus();
}

function showToken(main, account) {
  const token = h("input", { id: "token", readonly: true, value: account.token, "aria-label": "Your token" });
  const copy = h("button", { type: "button", onclick: async () => {
    token.select();
    try {
      await navigator.clipboard.writeText(account.token);
      notice("Token copied.");
    } catch {
      notice("Select the token and copy it.");
    }
  } }, "Copy");
  fill(main, h("h1", {}, `Welcome, ${account.name}`),
    h("div", { class: "card" },
      h("p", {}, "This is your token, shown only this once. This browser keeps it; copy it to sign in elsewhere ",
        "or to let a program play for you."),
      h("div", { class: "row" }, token, copy),
      h("p", {}, `Your account id (others challenge you with it): `, h("code", {}, account.id)),
      h("p", {}, h("a", { href: "#/", class: "button" }, "Go to the lobby"))));
  token.focus();
  token.select();
}

export function signIn(main) {
  const token = h("input", { name: "token", required: true, autocomplete: "current-password", type: "password" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "card", onsubmit: async (event) => {
    event.preventDefault();
    session.signIn(token.value.trim());
    if (await whoAmI()) {
      notice(`Signed in as ${session.account.name}.`);
      location.hash = "#/";
    } else {
      error.textContent = "This token opens no account.";
    }
  } }, field("Your token", token), h("button", { type: "submit" }, "Sign in"), error);
  fill(main, h("h1", {}, "Sign in"), form, h("p", {}, "No account yet? ", h("a", { href: "#/signup" }, "Sign up")));
  token.focus();
}
