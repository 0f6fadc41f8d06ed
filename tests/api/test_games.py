"""``GET /games``, ``GET /games/{game}`` and ``GET /games/{game}/rules`` over HTTP: every game's
summary, options (defaults and JSON Schema), commands, clock and rules page; unknown and malformed
names are problems, never a 500."""

from __future__ import annotations

import pathlib

import msgspec
import pytest

from domain.match import MATCH_COMMANDS
from domain.registry import all_games

PAGES = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules"
GAMES = sorted(all_games())


def test_the_list_names_every_game(http):
    listed = http.get("/games").json()
    assert [g["name"] for g in listed] == list(all_games())
    assert {g["name"]: g["seats"] for g in listed}["trax"] == ["white", "red"]


@pytest.mark.parametrize("name", GAMES)
def test_a_game_describes_itself(http, name):
    game = all_games()[name]
    r = http.get(f"/games/{name}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["name"], body["seats"]) == (name, list(game.seats))
    assert len(body["summary"]) > 40 and body["summary"] == game.summary
    assert body["default_options"] == msgspec.to_builtins(game.Options())
    schema = body["options_schema"]
    options = schema["$defs"][schema["$ref"].rsplit("/", 1)[1]]
    assert set(options["properties"]) == set(game.Options.__struct_fields__)
    tags = {c.__struct_config__.tag for c in (*MATCH_COMMANDS, *game.commands)}
    assert {c["type"] for c in body["commands"]} == tags
    assert all(c["description"] and "\n" not in c["description"] and "``" not in c["description"]
               for c in body["commands"])
    assert body["time_control"]["description"]
    assert set(body["time_control"]["options"]) <= set(body["default_options"])
    assert body["rules"] == f"/games/{name}/rules"


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_link_serves_the_rules_page(http, name):
    link = http.get(f"/games/{name}").json()["rules"]
    r = http.get(link)
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/markdown; charset=utf-8"
    assert r.text == (PAGES / f"{name}.md").read_text(encoding="utf-8")
    assert "```moves" in r.text


def test_the_options_schema_describes_what_match_creation_accepts(http):
    schema = http.get("/games/trax").json()["options_schema"]
    variant = schema["$defs"]["TraxOptions"]["properties"]["variant"]
    assert set(variant["enum"]) == {"standard", "8x8", "loop"} and variant["default"] == "standard"


@pytest.mark.parametrize("path", ["/games/chess", "/games/chess/rules"])
def test_an_unknown_game_is_a_404_naming_the_games(http, path):
    r = http.get(path)
    assert r.status_code == 404
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["code"] == "game_not_found"
    assert "'chess'" in problem["detail"] and "trax" in problem["detail"]


@pytest.mark.parametrize("name", ["Trax", "x" * 33, "tr%00ax", "trax.md", "tr%C3%A4x"])
def test_a_malformed_name_is_a_400(http, name):
    for path in (f"/games/{name}", f"/games/{name}/rules"):
        r = http.get(path)
        assert r.status_code == 400, (path, r.status_code, r.text)
        assert r.json()["code"] == "bad_request"


@pytest.mark.parametrize("path", ["/games/..%2fREADME/rules", "/games/..%2f..%2fpyproject.toml%00/rules",
                                  "/games/%2e%2e/rules"])
def test_a_path_out_of_the_rules_folder_reads_no_file(http, path):
    r = http.get(path)
    assert r.status_code in (400, 404), (path, r.status_code)
    assert r.headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize("name", GAMES)
def test_the_worked_examples_are_drawn_step_by_step(http, name):
    listed = http.get(f"/games/{name}/examples")
    assert listed.status_code == 200, listed.text
    examples = listed.json()["examples"]
    assert len(examples) == (PAGES / f"{name}.md").read_text().count("```moves")
    for example in examples:
        start = http.get(example["start"])
        assert start.status_code == 200 and start.headers["content-type"].startswith("image/svg+xml")
        assert start.text.startswith("<svg")
        moves = [s for s in example["steps"] if s["kind"] == "move"]
        assert moves and all(s["seat"] in all_games()[name].seats for s in moves)
        for step in example["steps"]:
            if step["refused"]:
                assert step["board"] is None and step["refusal"]
            elif step["board"]:
                assert http.get(step["board"]).text.startswith("<svg")


def test_a_refused_step_names_its_code_and_the_comment_is_kept(http):
    steps = http.get("/games/trax/examples").json()["examples"][0]["steps"]
    assert steps[0] == {"kind": "move", "text": "@0\\", "seat": "white", "note": "a first move must be @0+ or @0/",
                        "refused": "bad_first_move", "refusal": steps[0]["refusal"], "board": None}
    assert steps[-1]["kind"] == "result" and steps[-1]["text"] == "white loop"


@pytest.mark.parametrize("path", ["/games/trax/examples/9/board.svg", "/games/trax/examples/1/board.svg?step=999",
                                  "/games/trax/examples/1/board.svg?step=1"])
def test_a_missing_example_or_step_is_a_404(http, path):
    r = http.get(path)
    assert r.status_code == 404 and r.json()["code"] == "example_not_found"


@pytest.mark.parametrize("path", ["/games/trax/examples/0/board.svg", "/games/trax/examples/1/board.svg?step=-1",
                                  "/games/trax/examples/x/board.svg", "/games/chess/examples"])
def test_a_malformed_example_path_is_a_problem(http, path):
    assert http.get(path).status_code in (400, 404)
