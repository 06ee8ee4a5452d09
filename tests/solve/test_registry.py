"""The mechanism registry: one instance per mechanism, and the only module that branches on one."""

import ast
import importlib
import pkgutil
import tomllib
from pathlib import Path

import pytest
from mazo.commands.solve import view
from mazo.solver.api import solve_as, solve_with
from mazo.solver.errors import OptionError
from mazo.solver.mechanisms import registry
from mazo.solver.mechanisms.registry import MECHANISMS, mechanism_of
from mazo.solver.spec.load import game_names, load_spec
from mazo.views.shown import view_of

ROOT = Path(__file__).resolve().parents[2]
# One position per mechanism, solved to check the instance's solver and result type agree.
POSITIONS = {
    "rummy": ("conga", "1o 2o 3o 4o 5o 6o 7o 12b", {}),
    "conquian": ("conquian", "10c 1b 3c 12e", {"faced": "10b", "table": "5o 6o 7o 10o"}),
    "canasta": ("canasta", "7C 7D 2H 9S", {"table": "7S 7H 7D"}),
}


def test_the_registry_maps_each_name_to_its_package_s_one_instance():
    assert list(MECHANISMS) == ["rummy", "conquian", "canasta"]
    for name, record in MECHANISMS.items():
        package = importlib.import_module(f"mazo.solver.mechanisms.{name}")
        assert record.name == name and record is package.MECHANISM
    assert {mechanism_of(load_spec(game)).name for game in game_names()} == set(MECHANISMS)


@pytest.mark.parametrize("name", list(MECHANISMS))
def test_a_record_solves_into_its_result_type(name):
    record = MECHANISMS[name]
    game, hand, position = POSITIONS[name]
    spec = load_spec(game)
    assert mechanism_of(spec) is record
    assert set(position) <= set(record.position_options)
    result = solve_with(spec, hand, **position)
    assert isinstance(result, record.result_type())
    assert result.to_dict()["hand"] == list(result.hand)
    # Shown, it is by the view its mechanism's view module registers for the result's type.
    assert view(result, spec, "en")
    assert view_of(result) is record.own("views").view


def test_solve_as_refuses_a_spec_of_another_mechanism():
    gin = solve_as(MECHANISMS["rummy"], load_spec("gin"), "AS 2S 3S 7H 7D 7C KD QC 9H 4D")
    assert gin.deadwood_points == 33
    with pytest.raises(OptionError, match="conga is not played by the canasta mechanism"):
        solve_as(MECHANISMS["canasta"], load_spec("conga"), "1o 2o 3o 4o 5o 6o 7o 12b")


def _package_modules() -> dict[str, Path]:
    """Every module of the installed package, by name, with its source file: each package that
    pyproject.toml installs and whatever lies below it."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        packages = tomllib.load(f)["tool"]["setuptools"]["packages"]
    modules = {}
    for package in packages:
        found = importlib.import_module(package)
        if found.__file__ is None:  # a folder of data only (the specs, the fonts)
            continue
        modules[package] = Path(found.__file__)
        for info in pkgutil.walk_packages(found.__path__, f"{package}."):
            spec = importlib.util.find_spec(info.name)
            if spec.origin and spec.origin.endswith(".py"):
                modules[info.name] = Path(spec.origin)
    return modules


def _names_mechanism(node: ast.AST | None) -> bool:
    """`mechanism`, `spec.mechanism`, `self.mechanism` or the registry's lookup of one."""
    if isinstance(node, ast.Name):
        return node.id == "mechanism" or node.id in {"RUMMY", "CONQUIAN", "CANASTA"}
    if isinstance(node, ast.Attribute):
        return node.attr == "mechanism"
    return isinstance(node, ast.Call) and _called(node) == "mechanism_of"


def _called(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def branches_on_mechanism(source: str) -> list[int]:
    """Lines that compare a mechanism (==, !=, in, is), index a table by its name, or `match`
    on it; a lookup keyed by the registry's record (`TABLE.get(mechanism_of(spec))`) is not a
    comparison, and reading a record's field is what the registry is for."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            hit = any(_names_mechanism(n) for n in [node.left, *node.comparators])
        elif isinstance(node, ast.Subscript):
            hit = isinstance(node.slice, ast.Name | ast.Attribute) and _names_mechanism(node.slice)
        elif isinstance(node, ast.Match):
            hit = _names_mechanism(node.subject)
        else:
            continue
        if hit:
            lines.append(node.lineno)
    return lines


@pytest.mark.parametrize(
    "source",
    [
        'spec.mechanism == "rummy"',
        'self.mechanism != "canasta"',
        'mechanism in ("conquian", "canasta")',
        "SOLVED[spec.mechanism]",
        "mechanism_of(spec) is CONQUIAN",
        'match spec.mechanism:\n    case "rummy":\n        pass',
    ],
)
def test_the_search_finds_a_branch_on_the_mechanism(source):
    assert branches_on_mechanism(source) == [1]


@pytest.mark.parametrize(
    "source",
    ["mechanism_of(spec).meld_search", "VIEWS[mechanism_of(spec)](out)", "SOLVED.get(m)"],
)
def test_the_search_leaves_a_lookup_by_record(source):
    assert branches_on_mechanism(source) == []


def test_only_the_registry_branches_on_the_mechanism():
    modules = _package_modules()
    assert "mazo.solver.mechanisms.registry" in modules and "mazo.commands.solve" in modules
    found = {
        name: lines
        for name, path in sorted(modules.items())
        if path != Path(registry.__file__)
        and (lines := branches_on_mechanism(path.read_text(encoding="utf-8")))
    }
    assert found == {}
