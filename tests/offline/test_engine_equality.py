"""The phone's engine gives the server's answers: the offline pack (manage.py build_offline_engine)
runs under Pyodide in Node (tests/offline/run_engine.mjs, one start for the module), on a seeded
set of random share codes, board positions (the API's answers and the page's board) and rosters per
edition, and tutorial steps with random try-it values, and every answer is compared with the server's own function for that page or API, exact
fractions and words alike (Spanish, so that numbers are written with the locale's symbols on both
sides).

Node is needed (CI installs it in .ci/run); without it the tests skip, unless REQUIRE_BROWSER is
set, where they fail."""

from __future__ import annotations

import io
import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import translation

from rulebook import rosters, selectors
from rulebook.portable.queries import PairsQuery
from tutorial.board.answers import answer
from tutorial.board.code import CodeError, format_code, parse_square
from tutorial.board.offline_html import board_answer
from tutorial.board.payload import answer_data, players, read_position
from tutorial.odds import calculator
from tutorial.odds.answer import present
from tutorial.odds.classic import OddsError
from tutorial.odds.labels import skill_label
from tutorial.odds.offline_html import result_html
from tutorial.presenting import step_view
from tutorial.shared.scenario import all_scenarios
from tutorial.shared.values import plain
from tutorial.stepping import compute

# One worker runs the four tests, so that Pyodide starts once for the module (make test's
# --dist loadgroup); slow: it runs Node and Pyodide (left out of make test-fast); an engine sweep:
# the phone and the server answer from the same rows, whichever database holds them, so CI's
# PostgreSQL pass leaves it out (.ci/run).
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.slow,
    pytest.mark.engine_sweep,
    pytest.mark.xdist_group("phone-engine"),
]

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "static" / "vendor" / "pyodide-0.29.5"
RUNNER = Path(__file__).with_name("run_engine.mjs")
LANG = "es"
EDITIONS = ("lrb6", "bb2025")
CODES, BOARDS, ROSTERS = 200, 50, 20  # per edition
STEPS = 60  # tutorial steps with try-it values, of the three rulesets
SEED = 26

SKILLS = ("dodge", "sure-feet", "sure-hands", "catch", "block", "pro", "sprint", "tackle", "wrestle", "frenzy")
STEP_KINDS = ("dodge:{t}", "gfi:{g}", "pickup:{t}", "catch:{t}", "block:{d}", "armour:{av}", "pass:{t}")


def random_code(rng: random.Random, edition: str) -> str:
    skills = rng.sample(SKILLS, rng.randint(0, 3))
    player = f"p={','.join(skills)};" if skills else ""
    steps = [
        rng.choice(STEP_KINDS).format(
            t=rng.randint(2, 6), g=rng.randint(2, 3), d=rng.choice(("1d", "2d", "-2d", "3d")), av=rng.randint(7, 10)
        )
        for _ in range(rng.randint(1, 5))
    ]
    return f"{edition};rr{rng.randint(0, 3)};{player}{','.join(steps)}"


def random_board(rng: random.Random, edition: str) -> dict[str, str]:
    squares = rng.sample([f"{c}{r}" for c in "ijklmnop" for r in range(4, 12)], rng.randint(2, 6))
    pieces = []
    for n, square in enumerate(squares, start=1):
        stats = f"{rng.randint(4, 8)}{rng.randint(2, 4)}3{rng.randint(3, 5)}{rng.randint(7, 9)}"
        if edition == "lrb6":
            stats = f"{rng.randint(4, 8)}{rng.randint(2, 4)}{rng.randint(2, 4)}{rng.randint(7, 9)}"
        skills = "".join(f".{s}" for s in rng.sample(("block", "dodge", "tackle", "sure-feet", "sprint"), 2))
        pieces.append(f"{'AB'[n % 2]}{n}{square}.{stats}{skills if rng.random() < 0.6 else ''}")
    ball = f"_b{rng.choice(squares)}" if rng.random() < 0.3 else ""
    code = "1" + ball + "".join(f"_{p}" for p in pieces)
    player = pieces[0].split(squares[0])[0]
    target = f"{rng.choice('ijklmnopq')}{rng.randint(3, 12)}"
    return {"edition": edition, "board": code, "player": player, "target": target}


def random_roster(rng: random.Random, team: Any) -> list[list[str]]:
    pairs = [[f"n-{p.slug}", str(rng.randint(0, min(p.max_quantity + 1, 16)))] for p in team.positionals.all()]
    pairs.append(["rerolls", str(rng.randint(0, 8))])
    pairs.append(["apothecary", str(rng.randint(0, 1))])
    if rng.random() < 0.1:
        pairs.append(["rerolls", "two"])  # a field that cannot be read: the same message on both sides
    return pairs


def random_step(rng: random.Random) -> tuple[str, int, list[list[str]]]:
    """A tutorial step that has a try-it form, and random values for it: mostly in range, some
    out of it or not numbers (the step then says so and shows the scenario's own numbers)."""
    steps = [(s, n) for s in all_scenarios() for n in range(1, len(s.steps) + 1)]
    while True:
        scenario, number = rng.choice(steps)
        fields = compute(scenario, scenario.step(number), {}).fields
        if fields:
            break
    pairs = [["try", "1"]]
    for field in fields:
        if field.kind == "bool":
            if rng.random() < 0.5:
                pairs.append([field.name, "1"])
        elif field.kind == "choice":
            pairs.append([field.name, rng.choice([v for v, _label in field.choices] + ["zz"])])
        else:
            value = rng.randint(field.lo - 1, field.hi + 1) if rng.random() < 0.9 else "x"
            pairs.append([field.name, str(value)])
    return scenario.slug, number, pairs


# --- the server's answers (the functions behind its pages and API) ---------------------------------


def server_odds(code: str) -> dict[str, Any]:
    try:
        api = calculator.api_payload({"c": code})
    except OddsError as error:
        return {"error": str(error)}
    sequence = calculator.read({"c": code})
    with translation.override(LANG):
        result = present(sequence, calculator.solve(sequence), LANG)
        html = result_html(result, skill_label(sequence.edition, "frenzy", LANG))
    return {"api": api, "html": html}


def server_board(query: dict[str, str]) -> dict[str, Any]:
    edition = query["edition"]
    with translation.override(LANG):
        try:
            position = read_position(edition, query["board"])
            found = answer(position, query["player"], parse_square(query["target"]))
        except CodeError as error:
            from tutorial.board import messages

            return {"error": messages.message(error, edition)}
        out = {"edition": edition, "board": format_code(position), "players": players(position)}
        out.update(answer_data(found))
        from tutorial.board import words

        out["not_counted"] = [{"skill": s, "name": words.skill_name(edition, LANG, s)} for s in found.not_counted]
    return out


def server_board_page(edition: str, pairs_json: str, lang: str, base: str) -> dict[str, Any]:
    """The board page's live part as the server draws it (tests/tutorial/board/test_offline_page.py
    shows it is the page's own)."""
    with translation.override(lang):
        found = board_answer(edition, PairsQuery(json.loads(pairs_json)), lang, base)
    return dict(json.loads(json.dumps(found)))  # as JSON carries it (tuples become lists)


def server_roster(team: Any, pairs: list[list[str]]) -> dict[str, Any]:
    from django.http import QueryDict

    from rulebook.builder import as_data

    query = QueryDict(mutable=True)
    for name, value in pairs:
        query.appendlist(name, value)
    with translation.override(LANG):
        return as_data(rosters.build(team, query, LANG))


def server_step(slug: str, number: int, pairs: list[list[str]]) -> tuple[dict[str, Any], str]:
    """The step page's answer as htmx asks it (its #step-result, fields and values), and the board
    address the page gives the phone."""
    from django.http import QueryDict

    scenario = next(s for s in all_scenarios() if s.slug == slug)
    query = QueryDict(mutable=True)
    for name, value in pairs:
        query.appendlist(name, value)
    view = step_view(scenario, number, query, LANG, out_of_band=True)
    fields = [{"name": f.name, "kind": f.kind, "value": f.value, "error": f.error} for f in view.fields]
    shown = {"html": str(view.result), "fields": fields, "values": {k: plain(v) for k, v in view.values.items()}}
    return json.loads(json.dumps(shown)), view.board_base


# --- one Pyodide start for the module --------------------------------------------------------------


def _node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("node is missing (REQUIRE_BROWSER is set): apt-get install nodejs")
        pytest.skip("node is missing: the phone's engine runs under Pyodide in Node (apt-get install nodejs)")
    return found


@pytest.fixture(scope="module")
def cases(django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    node = _node()
    folder = tmp_path_factory.mktemp("offline-engine")
    rng = random.Random(SEED)
    requests: list[dict[str, Any]] = []
    expected: list[Any] = []
    with django_db_blocker.unblock():
        call_command("build_offline_engine", out=str(folder), lang=[LANG], stdout=io.StringIO())
        for edition in EDITIONS:
            for _ in range(CODES):
                code = random_code(rng, edition)
                requests.append({"fn": "odds_check", "args": [code, LANG], "kind": "odds", "case": code})
                expected.append(server_odds(code))
            for _ in range(BOARDS):
                query = random_board(rng, edition)
                requests.append({"fn": "board", "args": [json.dumps(query), LANG], "kind": "board", "case": query})
                expected.append(server_board(query))
                pairs = [["b", query["board"]], ["p", query["player"]], ["t", query["target"]]]
                args = [edition, json.dumps(pairs), LANG, f"/{LANG}/{edition}/board/"]
                requests.append({"fn": "board_page", "args": args, "kind": "board_page", "case": query})
                expected.append(server_board_page(*args))
            teams = selectors.teams_with_rosters(selectors.ruleset_or_404(edition))
            for _ in range(ROSTERS):
                team = rng.choice(teams)
                pairs = random_roster(rng, team)
                args = [edition, team.slug, json.dumps(pairs), LANG]
                requests.append({"fn": "roster", "args": args, "kind": "roster", "case": args})
                expected.append(server_roster(team, pairs))
        for _ in range(STEPS):
            slug, number, pairs = random_step(rng)
            expected_step, board_base = server_step(slug, number, pairs)
            args = [slug, number, json.dumps(pairs), LANG, board_base]
            requests.append({"fn": "tutorial_step", "args": args, "kind": "step", "case": args})
            expected.append(expected_step)
    (folder / "requests.json").write_text(json.dumps(requests), encoding="utf-8")
    run = subprocess.run(
        [node, str(RUNNER), str(PYODIDE), str(folder), LANG, str(folder / "requests.json")],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    phone = json.loads(run.stdout)
    return {"requests": requests, "expected": expected, "phone": phone["answers"]}


def _compare(cases: dict[str, Any], kind: str) -> int:
    compared = 0
    for request, server, phone in zip(cases["requests"], cases["expected"], cases["phone"], strict=True):
        if request["kind"] != kind:
            continue
        assert phone == server, request["case"]
        compared += 1
    return compared


def test_the_module_runs_on_one_worker(request: pytest.FixtureRequest) -> None:
    """Pyodide starts once (the module's fixture) only if xdist keeps the group on one worker: a
    pytest that xdist cannot group with leaves the group's suffix off the node id (pytest 9.2 with
    xdist 3.8: pyproject.toml), and each worker would start Node and Pyodide again."""
    if getattr(request.config.option, "loadgroup", False):  # set by xdist in its workers
        assert request.node.nodeid.endswith("@phone-engine"), request.node.nodeid


def test_the_phone_gives_the_servers_odds_for_random_share_codes(cases: dict[str, Any]) -> None:
    assert _compare(cases, "odds") == CODES * len(EDITIONS)
    answered = [s for r, s in zip(cases["requests"], cases["expected"], strict=True) if r["kind"] == "odds"]
    assert sum("api" in s for s in answered) > CODES  # most codes are answers, not refusals


def test_the_phone_gives_the_servers_board_answers_for_random_positions(cases: dict[str, Any]) -> None:
    assert _compare(cases, "board") == BOARDS * len(EDITIONS)
    answered = [s for r, s in zip(cases["requests"], cases["expected"], strict=True) if r["kind"] == "board"]
    assert sum("reach" in s for s in answered) > BOARDS // 2


def test_the_phone_draws_the_servers_board_page_for_random_positions(cases: dict[str, Any]) -> None:
    assert _compare(cases, "board_page") == BOARDS * len(EDITIONS)
    answered = [s for r, s in zip(cases["requests"], cases["expected"], strict=True) if r["kind"] == "board_page"]
    assert sum("answer__big" in s["answer"] for s in answered) > BOARDS // 2


def test_the_phone_prices_random_rosters_as_the_server(cases: dict[str, Any]) -> None:
    assert _compare(cases, "roster") == ROSTERS * len(EDITIONS)


def test_the_phone_works_out_tutorial_steps_as_the_server(cases: dict[str, Any]) -> None:
    assert _compare(cases, "step") == STEPS
    answered = [s for r, s in zip(cases["requests"], cases["expected"], strict=True) if r["kind"] == "step"]
    assert sum("form-message" not in s["html"] for s in answered) > STEPS // 3  # most values are taken
    assert sum("form-message" in s["html"] for s in answered) > 0  # and some get the step's messages
    assert len({r["case"][0] for r in cases["requests"] if r["kind"] == "step"}) >= 6  # many scenarios
