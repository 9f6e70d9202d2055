"""External functions: what a call of a declared (non-intrinsic) function may do.

A call of a function the module does not define is modelled as an unknown function (see
vecverify/semantics/calls.py); its attributes, from the declaration and the call site,
say what it may do. C library functions are not unknown: LLVM knows what ``memcpy``,
``malloc`` or ``ffs`` do and optimizes calls of them accordingly, so treating them as
unknown would raise false alarms; they are reported unsupported unless modelled.
"""

from __future__ import annotations

from ..errors import Unsupported
from ..ir.function import Declaration, Function, Module
from ..ir.values import Call, CalleeEffects, ParamAttrs

Attr = tuple[str, str | None]

# Functions LLVM's TargetLibraryInfo knows (a selection of the C and POSIX libraries):
# their meaning is not that of an unknown function.
LIBRARY_FUNCTIONS = frozenset(
    """
    abort abs atexit atof atoi atol atoll bcmp bcopy bzero calloc exit _exit ffs ffsl ffsll
    fls flsl flsll free getenv labs llabs malloc memalign posix_memalign aligned_alloc realloc
    reallocf valloc memccpy memchr memcmp memcpy mempcpy memmove memrchr memset memset_pattern16
    strcat strchr strcmp strcoll strcpy strcspn strdup strlen strncat strncmp strncpy strndup
    strnlen strpbrk strrchr strspn strstr strtod strtof strtol strtold strtoll strtoul strtoull
    stpcpy stpncpy strcasecmp strncasecmp index rindex
    printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf puts fputs fputc putc
    putchar fwrite fread fopen fclose fflush fgetc fgets fseek ftell getc getchar scanf sscanf
    fscanf perror remove rename tmpfile
    acos acosf acosl acosh acoshf asin asinf asinl asinh asinhf atan atanf atanl atan2 atan2f
    atanh atanhf cbrt cbrtf ceil ceilf ceill copysign copysignf cos cosf cosl cosh coshf exp
    expf expl exp2 exp2f exp10 exp10f expm1 expm1f fabs fabsf fabsl fdim fdimf floor floorf
    floorl fma fmaf fmax fmaxf fmin fminf fmod fmodf frexp frexpf hypot hypotf ilogb ldexp
    ldexpf lgamma log logf logl log10 log10f log1p log1pf log2 log2f logb logbf lrint lround
    modf modff nan nanf nearbyint nearbyintf nextafter pow powf powl remainder remquo rint
    rintf round roundf roundeven scalbn sin sinf sinl sincos sinh sinhf sqrt sqrtf sqrtl tan
    tanf tanh tanhf tgamma trunc truncf truncl
    isascii isdigit isalpha toascii toupper tolower qsort bsearch time clock rand srand
    __cxa_atexit __memcpy_chk __memmove_chk __memset_chk __strcpy_chk __stpcpy_chk
    __strncpy_chk __sprintf_chk __snprintf_chk _Znwm _Znam _ZdlPv _ZdaPv
    """.split()
)

# Library functions whose meaning is modelled (vecverify/semantics), with the signature
# they must have; a call of one of these is not a call of an unknown function.
MODELLED_LIBRARY = {
    "ffs": "i32 (i32)", "ffsl": "i32 (i64)", "ffsll": "i32 (i64)",
    "fabs": "double (double)", "fabsf": "float (float)",
}

# Call-site and declaration attributes with no bearing on the model of an unknown call.
FN_ATTRS_IGNORED = frozenset(
    {"nounwind", "nosync", "nofree", "norecurse", "mustprogress", "nocallback", "cold", "hot",
     "noinline", "alwaysinline", "inlinehint", "minsize", "optsize", "optnone", "uwtable",
     "ssp", "sspstrong", "sspreq", "nomerge", "noduplicate", "convergent", "speculatable",
     "builtin", "nobuiltin", "returns_twice", "noredzone", "nonlazybind", "null_pointer_is_valid",
     "allockind", "allocsize", "alloc-family", "noimplicitfloat", "naked", "no_cfi",
     "argmemonly", "inaccessiblememonly", "inaccessiblemem_or_argmemonly", "noprofile",
     "disable_sanitizer_instrumentation", "sanitize_address", "sanitize_memory",
     "sanitize_thread", "sanitize_hwaddress", "nocf_check", "shadowcallstack", "willreturn",
     "noreturn", "memory", "readnone", "readonly", "writeonly"}
)


def effects_of(attrs: list[Attr], ret_noundef: bool) -> CalleeEffects:
    """The effects the attributes allow (a list may hold both the declaration's and the
    call site's: each attribute only narrows what the callee may do)."""
    reads = writes = True
    noreturn = willreturn = False
    for name, arg in attrs:
        if name == "noreturn":
            noreturn = True
        elif name == "willreturn":
            willreturn = True
        elif name == "readnone":
            reads = writes = False
        elif name == "readonly":
            writes = False
        elif name == "writeonly":
            reads = False
        elif name == "memory":
            r, w = memory_effects(arg or "")
            reads, writes = reads and r, writes and w
        elif name.startswith('"') or name in FN_ATTRS_IGNORED:
            pass
        else:
            raise Unsupported(f"function attribute {name} on a call")
    if noreturn and willreturn:
        # Such a call is UB whenever it is reached; not worth a model of its own.
        raise Unsupported("a call that is both noreturn and willreturn")
    per = memory_locations(attrs) or {loc: (reads, writes) for loc in LOCATIONS}
    locations = tuple((loc, r, w) for loc, (r, w) in per.items())
    nofree = not writes or any(name == "nofree" for name, _ in attrs)  # freeing writes memory
    return CalleeEffects(reads, writes, noreturn, willreturn, ret_noundef, nofree, locations)


LOCATIONS = ("argmem", "inaccessiblemem", "other")  # "other": globals, errno, the rest


def memory_locations(attrs: list[Attr]) -> dict[str, tuple[bool, bool]] | None:
    """What the memory attributes allow, per location kind: (may read, may write) for
    argmem (through pointer arguments), inaccessiblemem and other memory (LangRef:
    ``memory(...)``, and the older readnone/readonly/writeonly/argmemonly/
    inaccessiblememonly/inaccessiblemem_or_argmemonly); None when nothing restricts it.
    Several attributes together allow what each allows."""
    allowed = {loc: (True, True) for loc in LOCATIONS}
    restricted = False

    def narrow(perms: dict[str, tuple[bool, bool]]) -> None:
        for loc in LOCATIONS:
            r, w = allowed[loc]
            pr, pw = perms[loc]
            allowed[loc] = (r and pr, w and pw)

    def uniform(r: bool, w: bool) -> dict[str, tuple[bool, bool]]:
        return {loc: (r, w) for loc in LOCATIONS}

    for name, arg in attrs:
        if name == "memory":
            narrow(_memory_arg(arg or ""))
        elif name == "readnone":
            narrow(uniform(False, False))
        elif name == "readonly":
            narrow(uniform(True, False))
        elif name == "writeonly":
            narrow(uniform(False, True))
        elif name in ("argmemonly", "inaccessiblememonly", "inaccessiblemem_or_argmemonly"):
            keep = {"argmemonly": ("argmem",), "inaccessiblememonly": ("inaccessiblemem",),
                    "inaccessiblemem_or_argmemonly": ("argmem", "inaccessiblemem")}[name]
            narrow({loc: (loc in keep, loc in keep) for loc in LOCATIONS})
        else:
            continue
        restricted = True
    return allowed if restricted else None


def _memory_arg(text: str) -> dict[str, tuple[bool, bool]]:
    """``memory(read, argmem: readwrite)``: a default, then per location. Other memory
    (globals) has the default; errnomem and target_mem* are no memory a function can
    name (only library calls touch them), so they restrict nothing here."""
    kinds = {"none": (False, False), "read": (True, False), "write": (False, True), "readwrite": (True, True)}
    default = (False, False)
    per: dict[str, tuple[bool, bool]] = {}
    for part in text.replace(" ", "").split(","):
        loc, _, kind = part.rpartition(":")
        if kind not in kinds:
            raise Unsupported(f"memory effect {part!r}")
        if not loc:
            default = kinds[kind]
        else:
            per[loc] = kinds[kind]
    return {loc: per.get(loc, default) if loc != "other" else default for loc in LOCATIONS}


def memory_effects(text: str) -> tuple[bool, bool]:
    """(may read, may write) for the argument of ``memory(...)``: ``none``, ``read``,
    ``write``, ``readwrite``, optionally per location (``argmem: read, ...``); any
    location counts for all."""
    reads = writes = False
    for part in text.replace(" ", "").split(","):
        kind = part.split(":")[-1]
        if kind not in ("none", "read", "write", "readwrite"):
            raise Unsupported(f"memory effect {part!r}")
        reads |= kind in ("read", "readwrite")
        writes |= kind in ("write", "readwrite")
    return reads, writes


def resolve_calls(module: Module, lenient: bool = False) -> dict[str, str]:
    """Give every call of an external function its effects (declaration and call-site
    attributes together); reject calls whose meaning is not that of an unknown function:
    raise Unsupported, or (``lenient``) return the functions that have one (name ->
    what)."""
    failed: dict[str, str] = {}
    for fn in module.functions.values():
        try:
            _resolve_calls_of(module, fn)
        except Unsupported as e:
            if not lenient:
                raise
            failed[fn.name] = str(e)
    return failed


def _resolve_calls_of(module: Module, fn: Function) -> None:
    for inst in fn.instructions():
        if not isinstance(inst, Call) or inst.callee.startswith("llvm."):
            continue
        where = fn.name
        if MODELLED_LIBRARY.get(inst.callee) == inst.callee_type:
            continue
        if inst.callee in LIBRARY_FUNCTIONS:
            raise Unsupported(f"call to library function @{inst.callee}", where)
        decl = module.declarations.get(inst.callee)
        if decl is not None and decl.unsupported:
            raise Unsupported(f"{decl.unsupported} in the declaration of @{inst.callee}", where)
        attrs = list(inst.fn_attrs) + (list(decl.fn_attrs) if decl is not None else [])
        ret_noundef = inst.ret_attrs.noundef or (decl is not None and decl.ret_attrs.noundef)
        try:
            inst.effects = effects_of(attrs, ret_noundef)
            params = [*inst.arg_attrs]
            decl_params = decl.param_attrs if decl is not None else []
            inst.decl_arg_attrs = tuple(decl_params)
            inst.nocapture_args = frozenset(
                i for i in range(len(inst.operands))
                if any(i < len(ps) and ps[i].captures == "none" for ps in (params, decl_params)))
        except Unsupported as e:
            raise Unsupported(e.what, where) from None
        _param_attrs_from(decl, inst)


def _param_attrs_from(decl: Declaration | None, call: Call) -> None:
    """A declaration's ``noundef`` parameters: passing undef or poison is UB, as with the
    call-site attribute (which the executor checks)."""
    if decl is None:
        return
    for i, pa in enumerate(decl.param_attrs):
        if i < len(call.operands) and pa.noundef:
            while len(call.arg_attrs) <= i:
                call.arg_attrs.append(ParamAttrs())
            call.arg_attrs[i].noundef = True
