import { describe, expect, it } from 'vitest';
import { docWeight, isAliasMacro } from '../../../src/features/docs/common.js';
import { extractFixture, item } from './fixtures.js';
import { extractSource } from '../../../src/core/extract/extract.js';

describe('Python extraction (Google, NumPy and reST docstrings)', () => {
  it('parses a Google-style docstring with typed args, raises, doctest example and a deprecation directive', async () => {
    const x = await extractFixture('python', 'geo/__init__.py');
    expect(item(x, 'geo.distance')).toEqual({
      id: 'geo.distance',
      kind: 'function',
      name: 'distance',
      module: 'geo',
      visibility: 'public',
      language: 'python',
      signature: 'def distance(p, q, *, squared: bool = False) -> float',
      summary: 'Return the Euclidean distance between two points.',
      doc: 'Return the Euclidean distance between two points.\n\nUses the Pythagorean theorem.',
      params: [
        { name: 'p', type: 'tuple[float, float]', doc: 'The first point.' },
        { name: 'q', type: null, doc: 'The second point.\nMust have the same dimension as `p`.' },
        { name: 'squared', type: 'bool', doc: 'Return the squared distance. Defaults to False.', default: 'False', optional: true },
      ],
      returns: { type: 'float', doc: 'The distance between `p` and `q`.' },
      throws: [{ type: 'ValueError', doc: 'If the points have different dimensions.' }],
      examples: [{ code: '>>> distance((0, 0), (3, 4))\n5.0', description: null, language: 'python' }],
      see_also: [],
      deprecated: '2.0: Use `geo.metric.dist` instead.',
      since: null,
      location: { file: 'geo/__init__.py', line: 14, end_line: 38 },
      parent: null,
      implements: [],
      tags: {},
    });
  });

  it('parses NumPy sections (Parameters, Returns, Raises, See Also, Examples)', async () => {
    const x = await extractFixture('python', 'geo/__init__.py');
    expect(item(x, 'geo.area')).toMatchObject({
      summary: 'Compute the area of a shape.',
      doc: 'Compute the area of a shape.',
      params: [{ name: 'shape', type: 'Shape', doc: 'The shape to measure.' }],
      returns: { type: 'float', doc: 'The area in square units.' },
      throws: [{ type: 'TypeError', doc: 'If `shape` is not a shape.' }],
      see_also: ['perimeter'],
      examples: [{ code: '>>> area(Circle(1))\n3.14159', description: null, language: 'python' }],
    });
  });

  it('parses reST fields and directives, properties, static methods and documented attributes', async () => {
    const x = await extractFixture('python', 'geo/shapes.py');
    expect(item(x, 'geo.shapes.Circle.area')).toMatchObject({
      kind: 'method',
      parent: 'geo.shapes.Circle',
      returns: { type: 'float', doc: 'The area.' },
      throws: [{ type: 'ValueError', doc: 'If the radius is negative.' }],
      since: '1.1',
      see_also: ['Shape.area'],
    });
    expect(item(x, 'geo.shapes.Circle')).toMatchObject({ kind: 'class', implements: ['Shape'], params: [{ name: 'radius', type: 'float', doc: 'The radius.' }] });
    expect(item(x, 'geo.shapes.Circle.diameter')).toMatchObject({ kind: 'property', returns: { type: 'float', doc: null } });
    expect(item(x, 'geo.shapes.Circle.unit_circle')).toMatchObject({ kind: 'method', signature: '@staticmethod def unit_circle() -> "Circle"' });
    expect(item(x, 'geo.shapes.Circle.unit')).toMatchObject({ kind: 'property', summary: 'The unit of length.', signature: 'unit: str = "m"' });
    expect(item(x, 'geo.shapes.Circle.__init__')).toMatchObject({ kind: 'constructor', params: [{ name: 'radius', type: 'float', doc: null }] });
  });

  it('follows __all__ and leading underscores for visibility, and reads the package doc', async () => {
    const x = await extractFixture('python', 'geo/__init__.py');
    expect(x.module).toEqual({ name: 'geo', doc: 'Geometry helpers.\n\nThis package provides shapes and distance functions.', summary: 'Geometry helpers.' });
    const ids = x.items.map((i) => i.id);
    expect(ids).toEqual(['geo', 'geo.ORIGIN', 'geo.distance', 'geo.area']);
    const all = await extractFixture('python', 'geo/__init__.py', true);
    expect(all.items.find((i) => i.id === 'geo._private_helper')?.visibility).toBe('private');
    expect(all.items.find((i) => i.id === 'geo.not_exported')?.visibility).toBe('internal');
    expect((await extractFixture('python', 'geo/shapes.py')).items.map((i) => i.id)).not.toContain('geo.shapes.Circle._internal');
  });
});

describe('C/C++ extraction (Doxygen and plain comments, as clangd hover shows them)', () => {
  it('parses a Doxygen block with @param, @return, @throws, @code, @see, @since', async () => {
    const x = await extractFixture('cpp', 'include/geo/vec.hpp');
    expect(item(x, 'geo::Vec2::at')).toEqual({
      id: 'geo::Vec2::at',
      kind: 'method',
      name: 'at',
      module: 'geo',
      visibility: 'public',
      language: 'cpp',
      signature: 'double at(int index) const',
      summary: 'Returns the component at the given index.',
      doc: 'Returns the component at the given index.\n\n```cpp\nVec2 v(1, 2);\ndouble y = v.at(1);\n```',
      params: [{ name: 'index', type: 'int', doc: 'The zero-based index (0 or 1).' }],
      returns: { type: 'double', doc: 'The component value.' },
      throws: [{ type: 'std::out_of_range', doc: 'If the index is not 0 or 1.' }],
      examples: [{ code: 'Vec2 v(1, 2);\ndouble y = v.at(1);', description: null, language: 'cpp' }],
      see_also: ['length'],
      deprecated: null,
      since: '1.2',
      location: { file: 'include/geo/vec.hpp', line: 37, end_line: 37 },
      parent: 'geo::Vec2',
      implements: [],
      tags: {},
    });
  });

  it('reads ///, /** */, @brief, \\param[in], plain // above and trailing ///< and // comments', async () => {
    const x = await extractFixture('cpp', 'include/geo/vec.hpp');
    expect(item(x, 'geo::Vec2')).toMatchObject({ kind: 'class', summary: 'A two-dimensional vector.', implements: ['Base'], doc: 'A two-dimensional vector.\n\nVectors are value types; all operations return new vectors.' });
    expect(item(x, 'geo::Vec2::Vec2')).toMatchObject({ kind: 'constructor', params: [{ name: 'x', type: 'double', doc: 'The x component.' }, { name: 'y', type: 'double', doc: 'The y component.' }] });
    expect(item(x, 'geo::Vec2::length')).toMatchObject({ summary: 'Euclidean length of the vector.', signature: 'double length() const noexcept' });
    expect(item(x, 'geo::Vec2::norm')).toMatchObject({ deprecated: 'Use length() instead.' });
    expect(item(x, 'geo::Vec2::x')).toMatchObject({ kind: 'field', summary: 'The x component.' });
    expect(item(x, 'geo::Vec2::y')).toMatchObject({ kind: 'field', summary: 'The y component.' });
    expect(item(x, 'geo::Color::Red')).toMatchObject({ kind: 'enum_member', summary: 'Pure red.' });
    expect(item(x, 'geo::Color::Green')).toMatchObject({ summary: 'Plain green.' });
    expect(item(x, 'geo::add')).toMatchObject({ summary: 'Adds two vectors.', params: [{ name: 'a', type: 'const Vec2 &', doc: null }, { name: 'b', type: 'const Vec2 &', doc: null }], returns: { type: 'Vec2', doc: null } });
    expect(item(x, 'geo::scale')).toMatchObject({
      signature: 'template <typename T> Vec2 scale(const Vec2 &v, T factor)',
      params: [{ name: 'v', type: 'const Vec2 &', doc: 'the vector' }, { name: 'factor', type: 'T', doc: 'the scale factor' }],
      returns: { type: 'Vec2', doc: 'the scaled vector' },
    });
    expect(item(x, 'GEO_MAX')).toMatchObject({ kind: 'macro', summary: 'Maximum of two values.', signature: '#define GEO_MAX(a, b) ((a) > (b) ? (a) : (b))' });
    expect(x.imports).toEqual(['cmath', 'geo/base.hpp']);
  });

  it('hides private members and static functions; ignores the licence header', async () => {
    const x = await extractFixture('cpp', 'include/geo/vec.hpp');
    const ids = x.items.map((i) => i.id);
    expect(ids).not.toContain('geo::Vec2::secret');
    expect(ids).not.toContain('geo::hidden_helper');
    expect(x.items.some((i) => /Copyright/.test(i.doc))).toBe(false);
  });

  it('documents a C typedef struct under its typedef name, with /**< trailing field docs', async () => {
    const x = await extractFixture('c', 'point.c');
    expect(item(x, 'point_t')).toMatchObject({ kind: 'struct', summary: 'A point in the plane.' });
    expect(item(x, 'point_t::x')).toMatchObject({ kind: 'field', summary: 'Horizontal position.' });
    expect(item(x, 'point_move')).toMatchObject({ summary: 'Moves a point by an offset.', params: [{ name: 'p', type: 'point_t *', doc: null }, { name: 'dx', type: 'int', doc: null }, { name: 'dy', type: 'int', doc: null }] });
    expect(x.items.map((i) => i.id)).not.toContain('internal');
  });
});

describe('C headers that declare through macros (zlib, glibc, libpng styles)', () => {
  const FILE = 'macros/squash.h';

  it('recovers an OF((…))-wrapped prototype between export macros, documented by the block below it', async () => {
    const x = await extractFixture('c', FILE);
    expect(item(x, 'sq_pack')).toEqual({
      id: 'sq_pack',
      kind: 'function',
      name: 'sq_pack',
      module: FILE,
      visibility: 'public',
      language: 'cpp',
      signature: 'int sq_pack(unsigned char *dest, unsigned long *destLen, const unsigned char *source, unsigned long sourceLen)',
      summary: 'Packs the source buffer into the destination buffer.',
      doc: 'Packs the source buffer into the destination buffer.  destLen is the\ntotal size of the destination buffer on entry.',
      params: [
        { name: 'dest', type: 'unsigned char *', doc: null },
        { name: 'destLen', type: 'unsigned long *', doc: null },
        { name: 'source', type: 'const unsigned char *', doc: null },
        { name: 'sourceLen', type: 'unsigned long', doc: null },
      ],
      returns: { type: 'int', doc: null },
      throws: [],
      examples: [],
      see_also: [],
      deprecated: null,
      since: null,
      location: { file: FILE, line: 16, end_line: 17 },
      parent: null,
      implements: [],
      tags: {},
    });
    // `#define sq_pack2 xsq_pack2` and the function share the id; lookups prefer the function.
    const both = x.items.filter((i) => i.id === 'sq_pack2');
    expect(both.map((i) => i.kind).sort()).toEqual(['function', 'macro']);
    const [best] = [...both].sort((a, b) => docWeight(b) - docWeight(a));
    expect(best).toMatchObject({ kind: 'function', summary: 'Like sq_pack, with a packing level.', returns: { type: 'int', doc: null } });
    expect(best!.params.map((p) => p.name)).toEqual(['dest', 'destLen', 'source', 'sourceLen', 'level']);
    expect(isAliasMacro(both.find((i) => i.kind === 'macro')!)).toBe(true);
    expect(isAliasMacro(item(x, 'OF'))).toBe(false);
    // No junk items named after the macros.
    expect(x.items.map((i) => i.name)).not.toContain('OF(');
    expect(x.items.filter((i) => i.kind === 'variable' || i.kind === 'constant')).toEqual([]);
  });

  it('gives a comment directly below a declaration to it, without stealing the next declaration\'s leading comment', async () => {
    const x = await extractFixture('c', FILE);
    expect(item(x, 'sq_version')).toMatchObject({ signature: 'const char *sq_version(void)', summary: 'Returns the library version string.', params: [], returns: { type: 'const char *', doc: null } });
    expect(item(x, 'sq_open')).toMatchObject({
      signature: 'void *sq_open(const char *path, const char *mode)',
      summary: 'Opens a packed stream for reading.',
      params: [{ name: 'path', type: 'const char *', doc: null }, { name: 'mode', type: 'const char *', doc: null }],
      returns: { type: 'void *', doc: null },
    });
  });

  it('keeps glibc declarations whole across trailing __THROW/__wur/__nonnull macros, and reads __REDIRECT and libpng-style declaring macros', async () => {
    const x = await extractFixture('c', FILE);
    expect(item(x, 'sq_close')).toMatchObject({ signature: 'extern int sq_close (void *__stream)', summary: 'Closes STREAM.', params: [{ name: '__stream', type: 'void *', doc: null }], location: { file: FILE, line: 36, end_line: 36 } });
    expect(item(x, 'sq_name')).toMatchObject({ signature: 'extern char *sq_name (const char *__dir, const char *__pfx)', summary: 'Makes a unique name in DIR with prefix PFX.', location: { file: FILE, line: 38, end_line: 39 } });
    expect(item(x, 'sq_map')).toMatchObject({
      kind: 'function',
      signature: 'extern void *sq_map(const char *__restrict __file, int __flags)',
      params: [{ name: '__file', type: 'const char *__restrict', doc: null }, { name: '__flags', type: 'int', doc: null }],
      returns: { type: 'void *', doc: null },
      location: { file: FILE, line: 42, end_line: 43 },
    });
    expect(item(x, 'sq_checksum')).toMatchObject({ signature: 'unsigned long sq_checksum(unsigned long crc, const unsigned char *buf, unsigned len)', returns: { type: 'unsigned long', doc: null } });
    const names = x.items.map((i) => i.name);
    for (const junk of ['__THROW', '__wur', '__attribute_malloc__', '__REDIRECT', 'SQ_API', '__nonnull']) expect(names).not.toContain(junk);
  });

  it('names a declaration by its name when a type macro stands before its type (glibc bits/stdio.h, bits/types.h)', async () => {
    const src = '__STD_TYPE __DEV_T_TYPE __dev_t;\n/* Like `getdelim\', but reads up to a newline.  */\n__STDIO_INLINE __ssize_t\ngetline (char **__lineptr, size_t *__n, FILE *__stream)\n{\n  return 0;\n}\n';
    const x = await extractSource('cpp', src, { file: 'bits/stdio.h', includePrivate: false });
    expect(x.items.map((i) => i.name).sort()).toEqual(['__dev_t', 'getline']);
    expect(item(x, 'getline').summary).toBe("Like `getdelim', but reads up to a newline.");
  });

  it("gives a comment over a run of declarations to the members it names, with the sentence that names each, and to the family of the first (sqlite3.h's groups)", async () => {
    const src = [
      '/*',
      '** CAPI3REF: Error Codes And Messages',
      '**',
      '** ^If the most recent call failed, then the sqlite3_errcode(D) interface',
      '** returns the numeric result code.',
      '**',
      '** ^The sqlite3_errmsg() and sqlite3_errmsg16() return English-language',
      '** text that describes the error.)^',
      '*/',
      'SQLITE_API int sqlite3_errcode(sqlite3 *db);',
      'SQLITE_API const char *sqlite3_errmsg(sqlite3*);',
      'SQLITE_API int sqlite3_unnamed(sqlite3*);',
      '',
      'SQLITE_API int sqlite3_after_blank(sqlite3*);',
      '',
      '/*',
      '** CAPI3REF: Binding Values To Prepared Statements',
      '**',
      '** ^(In the SQL statement text input to [sqlite3_prepare_v2()] and its variants,',
      '** literals may be replaced by a [parameter].)^',
      '*/',
      'SQLITE_API int sqlite3_bind_blob(sqlite3_stmt*, int, const void*, int n, void(*)(void*));',
      'SQLITE_API int sqlite3_bind_int(sqlite3_stmt*, int, int);',
      'SQLITE_API int sqlite3_clear_bindings(sqlite3_stmt*);',
      '',
    ].join('\n');
    const x = await extractSource('cpp', src, { file: 'sqlite3.h', includePrivate: false });
    expect(item(x, 'sqlite3_errcode').summary).toBe('Error Codes And Messages.');
    expect(item(x, 'sqlite3_errmsg')).toMatchObject({ summary: 'The sqlite3_errmsg() and sqlite3_errmsg16() return English-language text that describes the error.' });
    expect(item(x, 'sqlite3_errmsg').tags.doc_from).toBe('sqlite3_errcode');
    // Not named by the comment, or past a blank line: no docs.
    expect(item(x, 'sqlite3_unnamed').summary).toBe('');
    expect(item(x, 'sqlite3_after_blank').summary).toBe('');
    // Not named, but of the documented declaration's family: the family's comment.
    expect(item(x, 'sqlite3_bind_int')).toMatchObject({ summary: 'Binding Values To Prepared Statements.' });
    expect(item(x, 'sqlite3_bind_int').tags.doc_from).toBe('sqlite3_bind_blob');
    expect(item(x, 'sqlite3_clear_bindings').summary).toBe('');
  });

  it('gives the comment over an #ifdef block to the first declaration of each branch (glibc string.h)', async () => {
    const src = [
      '/* Find the first occurrence of NEEDLE in HAYSTACK.  */',
      '#ifdef __CORRECT_ISO_CPP_STRING_H_PROTO',
      'extern "C++" char *strstr (char *__haystack, const char *__needle);',
      '#else',
      'extern char *strstr (const char *__haystack, const char *__needle);',
      'extern int strnotdoc (const char *__s);',
      '#endif',
      '',
      '#ifdef __USE_GNU',
      'extern int strverscmp (const char *__s1, const char *__s2);',
      '#endif',
      '',
    ].join('\n');
    const x = await extractSource('cpp', src, { file: 'string.h', includePrivate: false });
    const docs = x.items.filter((i) => i.name === 'strstr').map((i) => i.summary);
    expect(docs).toContain('Find the first occurrence of NEEDLE in HAYSTACK.');
    // Only the branch's first declaration; a block with no comment over it gives nothing.
    expect(item(x, 'strnotdoc').summary).toBe('');
    expect(item(x, 'strverscmp').summary).toBe('');
  });

  it("reads SQLite's comments: a ** gutter, the CAPI3REF title as the summary, no index lines", async () => {
    const src = [
      '/*',
      '** CAPI3REF: Set A Busy Timeout',
      '** METHOD: sqlite3',
      '** KEYWORDS: {busy timeout}',
      '**',
      '** ^This routine sets a [sqlite3_busy_handler | busy handler] that sleeps',
      '** for a specified amount of time when a table is locked.',
      '**',
      '**   * a list item stays one',
      '*/',
      'SQLITE_API int sqlite3_busy_timeout(sqlite3*, int ms);',
      '',
    ].join('\n');
    const x = await extractSource('cpp', src, { file: 'sqlite3.h', includePrivate: false });
    const it = item(x, 'sqlite3_busy_timeout');
    expect(it.summary).toBe('Set A Busy Timeout.');
    expect(it.doc).toContain('^This routine sets a [sqlite3_busy_handler | busy handler] that sleeps\nfor a specified amount of time');
    expect(it.doc).not.toMatch(/METHOD|KEYWORDS|^\*|\n\*/);
    expect(it.doc).toContain('* a list item stays one');
  });

  it('names a function returning a pointer after an export macro, a function-pointer field, and a function returning one (sqlite3.h, signal.h)', async () => {
    const src = [
      '/** Return the file object of a database file name. */',
      'SQLITE_API sqlite3_file *sqlite3_database_file_object(const char *zName);',
      '/** The default VFS. */',
      'SQLITE_API sqlite3_vfs *default_vfs;',
      'struct sqlite3_io_methods {',
      '  int iVersion;',
      '  /** Close the file. */',
      '  int (*xClose)(sqlite3_file *pFile, int flags);',
      '};',
      '/** Install a handler for a signal. */',
      'void (*signal(int sig, void (*func)(int)))(int);',
      '',
    ].join('\n');
    const x = await extractSource('cpp', src, { file: 'sqlite3.h', includePrivate: false });
    expect(x.items.map((i) => i.name).sort()).toEqual(['default_vfs', 'iVersion', 'signal', 'sqlite3_database_file_object', 'sqlite3_io_methods', 'xClose']);
    expect(item(x, 'sqlite3_database_file_object')).toMatchObject({ kind: 'function', summary: 'Return the file object of a database file name.' });
    expect(item(x, 'sqlite3_database_file_object').params.map((p) => p.name)).toEqual(['zName']);
    expect(item(x, 'default_vfs').kind).toBe('variable');
    // A pointer to a function is a field holding one, called with these parameters.
    expect(item(x, 'sqlite3_io_methods::xClose')).toMatchObject({ kind: 'field', summary: 'Close the file.' });
    expect(item(x, 'sqlite3_io_methods::xClose').params.map((p) => p.name)).toEqual(['pFile', 'flags']);
    expect(item(x, 'signal')).toMatchObject({ kind: 'function', summary: 'Install a handler for a signal.' });
    expect(item(x, 'signal').params.map((p) => p.name)).toEqual(['sig', 'func']);
  });
});

describe('C++ headers decorated with macros (libstdc++)', () => {
  it('reads declarations through namespace, specifier and trailing macros, and Doxygen escapes', async () => {
    const x = await extractFixture('cpp-decorated', 'stl_vector.h');
    expect(item(x, 'std::vector')).toMatchObject({ kind: 'class', summary: 'A standard container which offers fixed time access to individual elements in any order.' });
    expect(item(x, 'std::vector::push_back')).toMatchObject({ kind: 'method', signature: 'void push_back(const value_type& __x)', summary: 'Add data to the end of the vector.' });
    expect(item(x, 'std::vector::back')).toMatchObject({ signature: 'reference back()', summary: 'Returns a read/write reference to the last element of the vector.' });
    expect(item(x, 'std::vector::size')).toMatchObject({ signature: 'size_type size() const', summary: 'Returns the number of elements in the vector.' });
  });
});

describe('C++ templates and notes as libstdc++ writes them', () => {
  it('documents a class where it was declared ahead, and names a template by its one partial specialization', async () => {
    const x = await extractFixture('cpp-decorated', 'std_function.h');
    expect(item(x, 'std::duration')).toMatchObject({ kind: 'struct', summary: '`chrono::duration` represents a distance between two points in time' });
    // A plain comment over forward declarations labels them; it documents none.
    expect(item(x, 'std::shared_ptr').summary).toBe('');
    expect(item(x, 'std::function')).toMatchObject({ kind: 'class', name: 'function', summary: 'Polymorphic function wrapper.', signature: 'template <typename _Res, typename... _ArgTypes> class function<_Res(_ArgTypes...)>' });
    expect(item(x, 'std::function::function')).toMatchObject({ kind: 'constructor', parent: 'std::function', summary: 'Default construct creates an empty function call wrapper.' });
    expect(item(x, 'std::function::operator()').parent).toBe('std::function');
    // A full specialization is about one type: it keeps its arguments.
    expect(item(x, 'std::numeric_limits<bool>::max')).toMatchObject({ summary: 'The maximum finite value.' });
    expect(x.items.map((i) => i.id)).not.toContain('std::numeric_limits');
    // Nor is a specialization for a family of other types (a trait beside the type it describes).
    expect(item(x, 'std::hash_traits<tagged_ptr<_Ptr, _Bits>, void>::hash')).toMatchObject({ summary: 'The hash of a tagged pointer.' });
    expect(x.items.map((i) => i.id)).not.toContain('std::hash_traits');
  });

  it('lists no deduction guide as a function', async () => {
    const x = await extractFixture('cpp-decorated', 'std_function.h');
    expect(x.items.filter((i) => i.id === 'std::function').map((i) => i.kind)).toEqual(['class']);
  });

  it('reads no maintainer note as documentation, and other plain comments as before', async () => {
    const x = await extractFixture('cpp-decorated', 'std_function.h');
    expect(item(x, 'std::duration::duration').summary).toBe('');
    expect(item(x, 'std::duration::value').summary).toBe('');
    expect(item(x, 'std::shared_ptr::element_type').summary).toBe('');
    expect(item(x, 'std::duration::count').summary).toBe('The number of ticks.');
    // A trailing note documents nothing; the next line's comment is the next declaration's.
    expect(item(x, 'std::shared_ptr::use_count').summary).toBe('');
    expect(item(x, 'std::shared_ptr::deleter_name').summary).toBe("The deleter's name, for diagnostics.");
    // A comment trailing a declaration labels no group, whatever its case.
    expect(item(x, 'std::tagged_ptr::plain').summary).toBe('A PLAIN POINTER');
  });
});

describe('C++ declarations that had turned a whole libstdc++ header into one parse error', () => {
  it('keeps a template header chosen by a conditional, a macro that ends a declaration and one after `class`', async () => {
    const x = await extractFixture('cpp-decorated', 'basic_string.h');
    expect(item(x, 'std::basic_string')).toMatchObject({ kind: 'class', summary: 'Managing sequences of characters and character-like objects.' });
    expect(item(x, 'std::basic_string::basic_string')).toMatchObject({ kind: 'constructor', summary: 'Construct string as copy of a range.' });
    expect(item(x, 'std::basic_string::find')).toMatchObject({ kind: 'method', summary: 'Find position of a C string.' });
    expect(item(x, 'std::basic_string::front')).toMatchObject({ kind: 'method', parent: 'std::basic_string' });
    expect(item(x, 'std::failure')).toMatchObject({ kind: 'class', summary: 'Thrown by the stream classes when an operation fails.' });
    expect(item(x, 'std::failure::what').summary).toBe('The reason for the failure.');
    expect(item(x, 'std::auto_ptr::get').summary).toBe('Returns the pointer.');
    // Every item has its namespace: none was orphaned by the parse, and no macro became a constant.
    expect(x.items.filter((i) => i.kind !== 'macro' && !i.id.startsWith('std::')).map((i) => i.id)).toEqual([]);
    expect(x.items.map((i) => i.name)).not.toContain('_GLIBCXX11_DEPRECATED_SUGGEST');
  });

  it('names a function with a requires clause by its name, and a macro without a namespace', async () => {
    const x = await extractFixture('cpp-decorated', 'basic_string.h');
    expect(item(x, 'std::bit_cast')).toMatchObject({ kind: 'function', summary: 'Create a value of type `To` from the bits of `from`.' });
    expect(item(x, 'std::bit_cast').params.map((p) => p.name)).toEqual(['__from']);
    expect(item(x, '__glibcxx_requires_valid_range')).toMatchObject({ kind: 'macro' });
  });

  it('reads a conditional that closes namespace std and opens it again, as move.h does', async () => {
    // Read as one parse error before, the file gave no item at all.
    const x = await extractFixture('cpp-decorated', 'move.h');
    expect(item(x, 'std::move')).toMatchObject({ kind: 'function', summary: 'Convert a value to an rvalue.' });
    expect(item(x, 'std::forward').summary).toBe('Forward an lvalue.');
    expect(item(x, 'std::swap').summary).toBe('Swaps two values.');
  });
});

