"""The scalable rules of `vecverify prove` (transforms/rules/scalable.py): the mutants the
issue names are refuted at the vscale where they go wrong, and natively under qemu (the
SVE witness) they compute something else than the source where the rules do not."""

from __future__ import annotations

import random

import pytest

from transforms.registry import get_rule
from vecverify.checker import check_pair
from vecverify.execute.sve import SveModule, missing
from vecverify.llvm import parse_module
from vecverify.refine import CheckOptions

OPTS = CheckOptions(timeout_ms=60_000)


@pytest.mark.parametrize(("rule", "type_name", "vscale"), [
    ("scalable.lane-mask.next.fixed-step", "<vscale x 2 x i64>", 2),  # a step of N, not vscale x N
    ("scalable.lane-mask.ignoring-vscale", "<vscale x 4 x i32>", 2),  # a mask that ignores vscale
    ("scalable.resume.ignoring-vscale", "<vscale x 4 x i32>", 2),
    ("scalable.splice.offset-2", "<vscale x 4 x i32>", 1),  # the splice one lane off
])
def test_mutants_refuted_at_the_vscale_they_need(rule: str, type_name: str, vscale: int) -> None:
    src, tgt = get_rule(rule).obligation(type_name).functions()
    v = check_pair(src, tgt, OPTS)
    assert v.status == "incorrect", v
    assert v.vscale.startswith(f"at vscale {vscale},"), v.vscale


def test_the_rules_hold_for_every_vscale_and_not_vacuously() -> None:
    for rule, type_name in (("scalable.lane-mask.next", "<vscale x 2 x i64>"),
                            ("scalable.resume", "<vscale x 2 x i64>"),
                            ("scalable.splice", "<vscale x 2 x i64>")):
        src, tgt = get_rule(rule).obligation(type_name).functions()
        v = check_pair(src, tgt, OPTS)
        assert v.status == "correct", (rule, v)
        assert v.vscale == "for every vscale in 1..16 (vscale_range(1,16): powers of two)"
        assert v.source_always_ub is False, rule  # (a misaligned window once made it so)


def _native_pairs(rules: list[tuple[str, str]]) -> tuple[SveModule, list[tuple[int, int]], list]:  # type: ignore[type-arg]
    texts, fns, pairs = [], [], []
    for k, (rule, type_name) in enumerate(rules):
        text = get_rule(rule).obligation(type_name).text
        text = text.replace("declare void @llvm.assume(i1 noundef)\n", "")
        text = text.replace("@src(", f"@s{k}(").replace("@tgt(", f"@t{k}(")
        texts.append(text)
    module_text = "declare void @llvm.assume(i1 noundef)\n" + "\n".join(texts)
    mod = parse_module(module_text)
    for k in range(len(rules)):
        pairs.append((len(fns), len(fns) + 1))
        fns += [mod.functions[f"s{k}"], mod.functions[f"t{k}"]]
    return SveModule(module_text, fns), pairs, fns


NATIVE = [("scalable.lane-mask.next", "<vscale x 4 x i32>"), ("scalable.lane-mask.next.fixed-step", "<vscale x 4 x i32>"),
          ("scalable.lane-mask.ignoring-vscale", "<vscale x 4 x i32>"), ("scalable.splice", "<vscale x 2 x i32>"),
          ("scalable.splice.offset-2", "<vscale x 4 x i32>"), ("scalable.resume", "<vscale x 4 x i32>"),
          ("scalable.resume.ignoring-vscale", "<vscale x 4 x i32>")]


@pytest.mark.skipif(missing() is not None, reason=f"SVE witness: {missing()}")
def test_mutants_differ_natively_under_qemu_and_the_rules_do_not() -> None:
    program, pairs, fns = _native_pairs(NATIVE)
    differs: dict[str, set[int]] = {rule: set() for rule, _ in NATIVE}
    try:
        for vscale in (1, 2, 4):
            rng = random.Random(vscale)
            inputs, owners = [], []
            for (rule, _), (s, t) in zip(NATIVE, pairs, strict=True):
                for _ in range(12):
                    args = []
                    for a in fns[s].args:
                        t_ = a.type
                        count = getattr(t_, "count", 1) // max(getattr(t_, "vscale", 0), 1) * vscale \
                            if getattr(t_, "vscale", 0) else 1
                        vals = [rng.randint(0, 12 * vscale) for _ in range(count)]
                        args.append(vals if getattr(t_, "vscale", 0) else vals[0])
                    inputs += [(s, args, {}), (t, args, {})]
                    owners.append(rule)
            runs = program.run(vscale, inputs)
            for k, rule in enumerate(owners):
                if runs[2 * k].lanes != runs[2 * k + 1].lanes:
                    differs[rule].add(vscale)
    finally:
        program.close()
    assert differs["scalable.lane-mask.next"] == set()
    assert differs["scalable.splice"] == set()
    assert differs["scalable.resume"] == set()
    assert differs["scalable.lane-mask.next.fixed-step"] == {2, 4}  # right at vscale 1 only
    assert differs["scalable.resume.ignoring-vscale"] == {2, 4}
    assert 1 not in differs["scalable.lane-mask.ignoring-vscale"] and differs["scalable.lane-mask.ignoring-vscale"]
    assert differs["scalable.splice.offset-2"] == {1, 2, 4}


def _fixed_step(text: str) -> str:
    """LLVM's loop with the step of N instead of vscale x N (the index advances 2 lanes a
    vector of vscale x 2 lanes)."""
    out = text.replace("%index.next = add i64 %index, %1", "%index.next = add i64 %index, 2")
    assert out != text
    return out


def test_llvm_sve_loop_with_a_step_of_n_is_refuted_at_vscale_2() -> None:
    from pathlib import Path

    good = (Path(__file__).resolve().parent.parent / "corpus" / "scalable" / "lv-sve-tail-folded-trip7.srctgt.ll").read_text()
    f = parse_module(_fixed_step(good)).functions
    v = check_pair(f["src"], f["tgt"], CheckOptions(unroll=8, timeout_ms=60_000))
    assert v.status == "incorrect" and v.error == "Mismatch in memory", v
    assert v.vscale.startswith("at vscale 2,")


@pytest.mark.skipif(missing() is not None, reason=f"SVE witness: {missing()}")
def test_llvm_sve_loop_and_its_fixed_step_mutant_under_qemu() -> None:
    """LLVM's tail-folded SVE loop (corpus/scalable) computes what the scalar loop does
    at vscale 1, 2 and 4; with the step of N instead of vscale x N it does not from 2 on."""
    from pathlib import Path

    good = (Path(__file__).resolve().parent.parent / "corpus" / "scalable" / "lv-sve-tail-folded-trip7.srctgt.ll").read_text()
    text = good + "\n" + _fixed_step(good)[good.index("define void @tgt("):].replace("@tgt(", "@mutant(")
    mod = parse_module(text)
    fns = [mod.functions[n] for n in ("src", "tgt", "mutant")]
    program = SveModule(text, fns)
    rng = random.Random(7)
    differs: dict[str, set[int]] = {"tgt": set(), "mutant": set()}
    try:
        for vscale in (1, 2, 4):
            for _ in range(3):
                dst, src = rng.randbytes(56), rng.randbytes(56)
                runs = program.run(vscale, [(k, [None, None], {0: dst, 1: src}) for k in range(3)])
                for k, name in ((1, "tgt"), (2, "mutant")):
                    if runs[k].buffers[0] != runs[0].buffers[0]:
                        differs[name].add(vscale)
    finally:
        program.close()
    assert differs == {"tgt": set(), "mutant": {2, 4}}
