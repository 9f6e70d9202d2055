"""One SMT-LIB 2 query decided by Bitwuzla or cvc5, in a process of its own (the
portfolio's other solvers: portfolio.py starts it, reads one JSON line, and kills it when
another solver answered first).

    python -m vecverify.solverworker bitwuzla|cvc5 TIMEOUT_MS < QUERY.smt2

prints ``{"result": "sat"|"unsat"|"unknown"|"error", "model": {name: value}, "reason": ...}``
where ``model`` holds the SMT-LIB text of each declared constant's value (for ``sat``).
"""

from __future__ import annotations

import json
import sys
from typing import Any


def _bitwuzla(text: str, timeout_ms: int) -> dict[str, Any]:
    import bitwuzla as bw

    options = bw.Options()
    options.set(bw.Option.PRODUCE_MODELS, True)
    options.set(bw.Option.TIME_LIMIT_PER, timeout_ms)
    parser = bw.Parser(bw.TermManager(), options)
    parser.parse(text, True, False)  # parse only: the check is ours
    solver = parser.bitwuzla()
    result = str(solver.check_sat())
    if result != "sat":
        return {"result": result if result == "unsat" else "unknown", "reason": result}
    model = {}
    for t in parser.get_declared_funs():
        if not t.sort().is_fun():
            model[t.symbol()] = str(solver.get_value(t))
    return {"result": "sat", "model": model}


def _cvc5(text: str, timeout_ms: int) -> dict[str, Any]:
    import cvc5

    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("produce-models", "true")
    solver.setOption("tlimit-per", str(timeout_ms))
    solver.setLogic("ALL")
    symbols = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(solver, symbols)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "query")
    while True:
        cmd = parser.nextCommand()
        if cmd.isNull():
            break
        cmd.invoke(solver, symbols)
    result = solver.checkSat()
    if result.isUnsat():
        return {"result": "unsat"}
    if not result.isSat():
        return {"result": "unknown", "reason": str(result)}
    model = {}
    for t in symbols.getDeclaredTerms():
        if not t.getSort().isFunction():
            model[str(t)] = str(solver.getValue(t))
    return {"result": "sat", "model": model}


SOLVE = {"bitwuzla": _bitwuzla, "cvc5": _cvc5}


def main(argv: list[str]) -> int:
    name, timeout_ms = argv[0], int(argv[1])
    text = sys.stdin.read().replace("(check-sat)", "")
    try:
        out = SOLVE[name](text, timeout_ms)
    except Exception as e:  # a construct it does not read (Z3's fp.to_ieee_bv): no answer
        out = {"result": "error", "reason": f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"}
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
