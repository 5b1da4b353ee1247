/**
 * The script python-builtins.ts runs in the installation's own interpreter (`-I -S`: no site
 * directories, no user paths, no PYTHON* variables). It imports each built-in module and each
 * extension module of `lib-dynload`, and writes one JSON line per module:
 * `{"module", "file", "source"}`, where `source` is a Python stub of the module's public
 * functions, classes (with their methods and documented attributes) and docstrings, and `file`
 * the extension's path (null for a module compiled into the interpreter). The stub is then
 * extracted like any `.pyi`, so built-in docs get the same fields, parsing and ranking.
 *
 * Signatures come from `inspect.signature` where the C code declares one, else from the
 * docstring's first line (`sleep(seconds)`, `reader(iterable [, dialect='excel'] ...)`); that
 * line is then taken out of the docstring, so the summary is the sentence after it. Defaults
 * that are not plain literals become `...`, keeping every stub valid Python.
 *
 * Kept in a TypeScript module so the bundle carries it (no data file to locate at run time).
 */
export const INTROSPECT_SCRIPT = String.raw`
import sys, os, json, inspect, importlib, re, warnings, keyword
warnings.simplefilter('ignore')
expected = sys.argv[1]
stdlib = os.path.dirname(os.__file__)
if os.path.realpath(stdlib) != os.path.realpath(expected):
    print(json.dumps({"error": "interpreter's standard library is " + stdlib}))
    sys.exit(0)
dyn = os.path.join(stdlib, 'lib-dynload')
SKIP = re.compile(r'^_?(test|xx|ctypes_test)|^_(testcapi|testinternalcapi|testbuffer|testimportmultiple|testmultiphase|testclinic|testsinglephase|xxtestfuzz|tkinter|curses|curses_panel)$|^(readline|antigravity|this|xxsubtype|xxlimited.*)$')
names = [(n, None) for n in sys.builtin_module_names]
if os.path.isdir(dyn):
    for f in sorted(os.listdir(dyn)):
        if f.endswith('.so') or f.endswith('.pyd'):
            names.append((f.split('.')[0], os.path.relpath(os.path.join(dyn, f), stdlib)))
LIT = (int, float, complex, str, bytes, bool, type(None))
IDENT = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*$')

def q(doc, indent):
    doc = inspect.cleandoc(doc).replace('\\', '\\\\').replace('"', '\\"')
    return indent + '"""' + doc + '"""\n'

def default(v):
    if isinstance(v, LIT):
        r = repr(v)
        if len(r) <= 60:
            return r
    return '...'

def params_of(sig):
    out, posonly, star = [], False, False
    for p in sig.parameters.values():
        if p.kind != p.POSITIONAL_ONLY and posonly:
            out.append('/')
            posonly = False
        d = '' if p.default is p.empty else '=' + default(p.default)
        if p.kind == p.POSITIONAL_ONLY:
            posonly = True
            out.append(p.name + d)
        elif p.kind == p.VAR_POSITIONAL:
            star = True
            out.append('*' + p.name)
        elif p.kind == p.KEYWORD_ONLY:
            if not star:
                out.append('*')
                star = True
            out.append(p.name + d)
        elif p.kind == p.VAR_KEYWORD:
            out.append('**' + p.name)
        else:
            out.append(p.name + d)
    if posonly:
        out.append('/')
    return out

def from_doc_line(line):
    """(a, b[, c]) -> ['a', 'b', 'c=...'], or None when the text is not a plain parameter list."""
    body = line[line.index('(') + 1:line.rindex(')')]
    out, optional = [], False
    for raw in re.split(r'(\[|\]|,)', body):
        t = raw.strip()
        if t == '[':
            optional = True
            continue
        if t in (']', ',', ''):
            continue
        name, _, dflt = t.partition('=')
        name = name.strip()
        bare = name.lstrip('*')
        if name in ('/', '*', '...'):
            if name != '...':
                out.append(name)
            continue
        if not IDENT.match(bare) or keyword.iskeyword(bare):
            return None
        if name.startswith('*'):
            out.append(name)
        elif dflt.strip() or optional:
            lit = dflt.strip()
            out.append(name + '=' + (lit if re.match(r'^(-?\d+(\.\d+)?|None|True|False|\'[^\']*\'|"[^"]*")$', lit) else '...'))
        else:
            if any('=' in o for o in out):
                return None
            out.append(name)
    return out

def split_doc(name, doc):
    """A leading 'name(...)' line (Argument Clinic's and older C docstrings) and the rest."""
    if not doc:
        return None, ''
    lines = inspect.cleandoc(doc).split('\n')
    first = lines[0].strip()
    if first.startswith(name + '(') and ')' in first:
        rest = lines[1:]
        while rest and not rest[0].strip():
            rest = rest[1:]
        # "--" ends Argument Clinic's signature block.
        if rest and rest[0].strip() == '--':
            rest = rest[1:]
        # "zip(*iterables, strict=False) --> Yield tuples until an input is exhausted.": the
        # sentence after the arrow is the summary ("--> filter object" only names the result).
        said = re.match(r'-->\s*([A-Z][^.]*\s[^.]*\.)$', first[first.rindex(')') + 1:].strip())
        if said:
            rest = [said.group(1), ''] + rest
        return first, '\n'.join(rest)
    return None, doc

def def_line(name, obj, indent, method):
    doc = getattr(obj, '__doc__', None) if not isinstance(getattr(obj, '__doc__', None), property) else None
    line, rest = split_doc(name, doc if isinstance(doc, str) else None)
    params = None
    try:
        params = params_of(inspect.signature(obj))
    except (ValueError, TypeError):
        if line:
            params = from_doc_line(line)
            if params is not None and method and (not params or params[0] not in ('self', 'cls')):
                params = ['self'] + params
    if params is None:
        params = (['self'] if method else []) + ['*args', '**kwargs']
    text = indent + 'def ' + name + '(' + ', '.join(params) + '):\n'
    body = rest if line else (doc if isinstance(doc, str) else '')
    text += q(body, indent + '    ') if body.strip() else indent + '    ...\n'
    return text

def public(n):
    return IDENT.match(n) and not n.startswith('_')

def owned(obj, modname):
    m = getattr(obj, '__module__', None)
    return m is None or m == modname or m == modname.lstrip('_') or m == 'builtins' and modname == 'builtins'

def class_text(name, cls, indent):
    out = indent + 'class ' + name + ':\n'
    doc = cls.__dict__.get('__doc__')
    line, rest = split_doc(name, doc if isinstance(doc, str) else None)
    body = rest if line else (doc or '')
    if body and body.strip():
        out += q(body, indent + '    ')
    ctor = None
    try:
        ctor = params_of(inspect.signature(cls))
    except (ValueError, TypeError):
        if line:
            ctor = from_doc_line(line)
    if ctor:
        out += indent + '    def __init__(' + ', '.join(['self'] + [p for p in ctor if p not in ('self',)]) + '): ...\n'
    for n, attr in list(cls.__dict__.items()):
        if not public(n):
            continue
        kind = type(attr).__name__
        if kind in ('method_descriptor', 'builtin_function_or_method', 'classmethod_descriptor', 'staticmethod', 'classmethod', 'function', 'wrapper_descriptor'):
            target = getattr(cls, n, attr)
            if kind in ('classmethod_descriptor', 'classmethod'):
                out += indent + '    @classmethod\n'
            elif kind == 'staticmethod':
                out += indent + '    @staticmethod\n'
            out += def_line(n, target, indent + '    ', kind not in ('staticmethod',))
        elif kind in ('getset_descriptor', 'member_descriptor', 'property'):
            d = getattr(attr, '__doc__', None)
            out += indent + '    @property\n' + indent + '    def ' + n + '(self):\n'
            out += q(d, indent + '        ') if isinstance(d, str) and d.strip() else indent + '        ...\n'
    return out if '\n' in out.rstrip('\n') else out + indent + '    ...\n'

for modname, rel in names:
    if SKIP.search(modname) or modname.startswith('_frozen') or modname == '__main__':
        continue
    try:
        mod = importlib.import_module(modname)
    except BaseException:
        continue
    parts = []
    emitted = []
    if isinstance(mod.__doc__, str) and mod.__doc__.strip():
        parts.append(q(mod.__doc__, ''))
    listed = getattr(mod, '__all__', None)
    keys = [n for n in (listed if isinstance(listed, (list, tuple)) else sorted(vars(mod))) if isinstance(n, str) and public(n)]
    for n in keys:
        obj = getattr(mod, n, None)
        if obj is None or inspect.ismodule(obj) or not owned(obj, modname):
            continue
        try:
            if inspect.isclass(obj):
                parts.append(class_text(n, obj, ''))
            elif callable(obj):
                parts.append(def_line(n, obj, '', False))
            else:
                # Data (sys.argv, sys.platform, math.pi): its type, and the value of a short literal
                # (this interpreter's own: sys.platform, sys.maxsize), never of a container.
                r = repr(obj) if isinstance(obj, LIT) else ''
                parts.append(n + ': ' + type(obj).__name__ + (' = ' + r if r and len(r) <= 60 and '\n' not in r else '') + '\n')
            emitted.append(n)
        except BaseException:
            continue
    # Every name written is public: the extractor keeps undocumented data only when __all__ lists it.
    if emitted:
        parts.append('__all__ = [' + ', '.join(repr(n) for n in emitted) + ']\n')
    if len(parts) > (1 if parts and parts[0].startswith('"""') else 0):
        sys.stdout.write(json.dumps({"module": modname, "file": rel, "source": '\n'.join(parts)}) + '\n')
`;
