"""The transform registry: built-ins, registration, and third-party transforms loaded
from the ``vecverify.transforms`` entry-point group."""

from __future__ import annotations

import importlib.metadata
import sys
import types

import pytest

from transforms import registry
from transforms.base import Param, Rule, Transform


@pytest.fixture
def fresh(monkeypatch):  # noqa: ANN001, ANN201
    """An empty registry for the test; the real one is restored afterwards."""
    with registry.isolated():
        yield registry


def _transform(name: str, rule: str = "plugin.identity") -> Transform:
    r = Rule(rule, name, "X -> X", ("i8",), (Param("x"),), "%r = bitcast {T} %x to {T}",
             "%r = bitcast {T} %x to {T}")
    return Transform(name, "a plug-in", [r])


def _fake_entry_points(monkeypatch, eps: list) -> None:  # noqa: ANN001
    def entry_points(**kw):  # noqa: ANN003, ANN202
        assert kw == {"group": registry.ENTRY_POINT_GROUP}
        return eps

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)


def _module_entry_point(monkeypatch, attr: str, obj: object, name: str = "plugin"):  # noqa: ANN001, ANN202
    mod = types.ModuleType("fake_vecverify_plugin")
    setattr(mod, attr, obj)
    monkeypatch.setitem(sys.modules, "fake_vecverify_plugin", mod)
    return importlib.metadata.EntryPoint(name, f"fake_vecverify_plugin:{attr}", registry.ENTRY_POINT_GROUP)


def test_builtins_are_registered() -> None:
    names = {t.name for t in registry.all_transforms()}
    assert {"reorder", "extension", "replacement", "shuffle"} <= names
    assert registry.get("replacement").rule("binrep.shl-mul").transform == "replacement"
    rule_names = [r.name for r in registry.all_rules()]
    assert len(rule_names) == len(set(rule_names))
    with pytest.raises(KeyError, match="no transform named"):
        registry.get("nope")


def test_every_rule_states_its_claim() -> None:
    for r in registry.all_rules():
        assert r.description and r.types and r.preconditions
        assert r.expected in ("holds", "refuted")
        if r.expected == "refuted":
            assert r.why, r.name
            assert r.rewrite is None, f"{r.name}: a known-false rule must never rewrite"


def test_register_and_duplicates(fresh, monkeypatch) -> None:  # noqa: ANN001
    _fake_entry_points(monkeypatch, [])
    t = fresh.register(_transform("mine"))
    assert fresh.get("mine") is t
    with pytest.raises(fresh.RegistryError, match="already registered"):
        fresh.register(_transform("mine"))
    fresh.register(_transform("mine"), replace=True)
    with pytest.raises(fresh.RegistryError, match="already defined"):
        fresh.register(_transform("other"))  # same rule name, another transform
    with pytest.raises(fresh.RegistryError):
        fresh.register("not a transform")  # type: ignore[arg-type]


def test_entry_point_transform_is_loaded(fresh, monkeypatch) -> None:  # noqa: ANN001
    ep = _module_entry_point(monkeypatch, "TRANSFORM", _transform("plugged"))
    _fake_entry_points(monkeypatch, [ep])
    names = {t.name for t in fresh.all_transforms()}
    assert "plugged" in names and "replacement" in names
    assert fresh.get_rule("plugin.identity").transform == "plugged"


def test_entry_point_factory_returning_a_list(fresh, monkeypatch) -> None:  # noqa: ANN001
    ep = _module_entry_point(
        monkeypatch, "make", lambda: [_transform("p1", "p1.r"), _transform("p2", "p2.r")]
    )
    _fake_entry_points(monkeypatch, [ep])
    assert {"p1", "p2"} <= {t.name for t in fresh.all_transforms()}


def test_broken_entry_point_is_skipped(fresh, monkeypatch, caplog) -> None:  # noqa: ANN001
    bad = importlib.metadata.EntryPoint("broken", "no_such_module_xyz:T", registry.ENTRY_POINT_GROUP)
    wrong = _module_entry_point(monkeypatch, "NOT_A_TRANSFORM", 42, name="wrong")
    good = _module_entry_point(monkeypatch, "TRANSFORM", _transform("good"), name="good")
    _fake_entry_points(monkeypatch, [bad, wrong, good])
    names = {t.name for t in fresh.all_transforms()}
    assert "good" in names
    assert "broken" in caplog.text and "wrong" in caplog.text


def test_plugin_rules_are_proved(fresh, monkeypatch) -> None:  # noqa: ANN001
    from transforms.prove import prove

    ep = _module_entry_point(monkeypatch, "TRANSFORM", _transform("plugged"))
    _fake_entry_points(monkeypatch, [ep])
    [res] = prove(["plugged"])
    assert res.result == "proved" and res.matched
