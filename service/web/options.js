// A game's options as form controls, built from its JSON Schema (GET /games/{game}:
// `options_schema`, `default_options`, `time_control`) and the help its rules page gives each option
// (the table "option | values | default | what it does" of GET /games/{game}/rules). Nothing of any
// game is known here: a choice of words is a select, yes/no a checkbox, a number a number field;
// what the schema says in ways no control shows (lists, layouts) stays with the expert JSON field.
// The clock is chosen among presets made from the game's default clock: quick (half of every
// time), standard (the default), slow (three times) and none (where the schema allows no clock),
// each spelled out exactly.

import { h } from "./dom.js";
import { inline } from "./markdown.js";

const SCALES = [["quick", "Quick", 0.5], ["standard", "Standard", 1], ["slow", "Slow", 3]];

/** "90 s", "2 min", "2 min 30 s", "1 h" from milliseconds. */
export function duration(ms) {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s % 3600 === 0) return `${s / 3600} h`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

/** The exact clock of the time options `chosen` (the game's time options only), in words. */
export function clockWords(chosen) {
  const parts = [];
  for (const [name, value] of Object.entries(chosen)) {
    if (value && typeof value === "object") {
      if (value.type === "none") parts.push("no clock");
      else if (value.type === "one_grace") parts.push(`${duration(value.per_move_ms)} a move; once a game one move may take up to ${duration(value.grace_ms)} in all`);
      else if (value.type === "bank") {
        parts.push(`${duration(value.per_move_ms)} a move, then a reserve of ${duration(value.reserve_ms)}`
          + (value.bank_size_ms > 1 ? ` used in banks of ${duration(value.bank_size_ms)}` : ""));
      }
    } else if (typeof value === "number") parts.push(`${duration(value)} ${words(name.replace(/_ms$/, ""))}`);
  }
  return parts.join(", ");
}

const words = (name) => ({ selection: "to select a board", action: "an action", routes: "for the routes",
  construction: "to build a track" }[name] || name.replaceAll("_", " "));

/** `value` with every time in it (`*_ms` but a bank's size) multiplied by `scale`. */
function scaled(value, scale) {
  if (typeof value === "number") return Math.round(value * scale / 1000) * 1000;
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) =>
    [k, k.endsWith("_ms") && k !== "bank_size_ms" && typeof v === "number" ? scaled(v, scale) : v]));
}

/** The clock presets of a game: [{key, label, options, words}], the standard one the default. */
export function clockPresets(info) {
  const names = info.time_control.options.filter((n) => info.default_options[n] !== null && info.default_options[n] !== undefined);
  const presets = SCALES.map(([key, label, scale]) => {
    const options = Object.fromEntries(names.map((n) => [n, scaled(info.default_options[n], scale)]));
    return { key, label, options, words: clockWords(options) };
  });
  const props = schemaOf(info).properties || {};
  const allowsNone = names.some((n) => JSON.stringify(props[n] || {}).includes('"none"'));
  if (allowsNone) {
    const options = Object.fromEntries(names.filter((n) => JSON.stringify(props[n]).includes('"none"')).map((n) => [n, { type: "none" }]));
    presets.push({ key: "none", label: "No clock", options, words: "no clock: take all the time you like" });
  }
  return presets;
}

/** The options' own schema (its `$ref` followed). */
export function schemaOf(info) {
  const schema = info.options_schema;
  return schema.$ref ? schema.$defs[schema.$ref.split("/").pop()] : schema;
}

/** The help of each option, from the rules page's options table: {name: "what it does"}. */
export function optionHelp(markdown) {
  const help = {};
  for (const line of markdown.split("\n")) {
    const cells = line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
    if (!line.startsWith("| `") || cells.length < 4) continue;
    for (const name of cells[0].matchAll(/`(\w+)`/g)) help[name[1]] = cells[3];
  }
  return help;
}

/** What a control shows for a schema entry: "choice" (values), "yesno", "yesnodefault", "number", or null. */
function kindOf(entry) {
  if (entry.enum) return { kind: "choice", values: entry.enum };
  if (entry.type === "boolean") return { kind: "yesno" };
  if (entry.type === "integer") return { kind: "number" };
  const any = entry.anyOf || [];
  if (any.length === 2 && any.some((a) => a.type === "null")) {
    const other = any.find((a) => a.type !== "null");
    if (other.type === "boolean") return { kind: "choice", values: [true, false], nullable: true };
    if (other.enum) return { kind: "choice", values: other.enum, nullable: true };
  }
  return null;
}

const label = (name) => name.charAt(0).toUpperCase() + name.slice(1).replaceAll("_", " ");

/**
 * The controls of a game's options but its clock: {nodes, read()}, `read()` answering the options
 * that differ from the defaults. `help` is the rules page's word for each option.
 */
export function optionControls(info, help) {
  const props = schemaOf(info).properties || {};
  const clock = new Set(info.time_control.options);
  const controls = [];
  const nodes = [];
  for (const [name, entry] of Object.entries(props)) {
    if (clock.has(name)) continue;
    const shape = kindOf(entry);
    if (!shape) continue;
    const fallback = info.default_options[name];
    const id = `option-${name}`;
    let input;
    if (shape.kind === "choice") {
      input = h("select", { id, name: `option-${name}` },
        shape.nullable ? h("option", { value: "null" }, "The game's default") : null,
        shape.values.map((v) => h("option", { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(fallback) },
          v === true ? "Yes" : v === false ? "No" : `${String(v).replaceAll("_", " ")}${v === fallback ? " (default)" : ""}`)));
    } else if (shape.kind === "yesno") {
      input = h("input", { id, name: `option-${name}`, type: "checkbox", checked: fallback === true });
    } else {
      input = h("input", { id, name: `option-${name}`, type: "number", step: "1", value: fallback ?? "" });
    }
    const read = () => (shape.kind === "yesno" ? input.checked : shape.kind === "number" ? (input.value === "" ? fallback : Number(input.value))
      : JSON.parse(input.value));
    controls.push({ name, read, fallback, input });
    nodes.push(h("div", { class: shape.kind === "yesno" ? "field check" : "field" },
      h("label", { for: id }, label(name)), input,
      help[name] ? h("span", { class: "muted field-note" }, inline(help[name])) : null));
  }
  return {
    nodes, controls,
    read() {
      const chosen = {};
      for (const c of controls) {
        const value = c.read();
        if (JSON.stringify(value) !== JSON.stringify(c.fallback)) chosen[c.name] = value;
      }
      return chosen;
    },
  };
}
