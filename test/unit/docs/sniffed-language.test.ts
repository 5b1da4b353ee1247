import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExtensionless, languageOfFile, sniffedLanguage } from '../../../src/core/extract/languages.js';

describe('the language of an extensionless file, from its mode line', () => {
  it('reads the mode lines the C++ standard libraries write', () => {
    expect(sniffedLanguage('// <vector> -*- C++ -*-\n\n// Copyright (C) 2001-2022 Free Software Foundation, Inc.\n')).toBe('cpp');
    expect(sniffedLanguage('// -*- C++ -*-\n//===----------------------------------------------------------------------===//\n')).toBe('cpp');
    expect(sniffedLanguage('/* -*- mode: c++; indent-tabs-mode: nil -*- */\n')).toBe('cpp');
    expect(sniffedLanguage('/* -*- c -*- */\n')).toBe('c');
  });

  it('reads nothing else as C or C++', () => {
    expect(sniffedLanguage('# -*- coding: utf-8 -*-\nimport os\n')).toBeUndefined();
    expect(sniffedLanguage('#!/bin/sh\n# -*- mode: sh -*-\n')).toBeUndefined();
    expect(sniffedLanguage('Permission is hereby granted, free of charge (C++ and C) -*-\n')).toBeUndefined();
    expect(sniffedLanguage('all:\n\tcc -o main main.c\n')).toBeUndefined();
    // Only the head is read: a mode line deep in a file is not one.
    expect(sniffedLanguage(`${'x'.repeat(300)}\n// -*- C++ -*-\n`)).toBeUndefined();
  });

  it('tells which paths have no extension', () => {
    expect(isExtensionless('include/c++/12/optional')).toBe(true);
    expect(isExtensionless('Makefile')).toBe(true);
    expect(isExtensionless('src/a.h')).toBe(false);
    expect(isExtensionless('include/c++/12/bits/stl_vector.h')).toBe(false);
  });
});

describe('languageOfFile', () => {
  it('reads the head of a regular file, and never opens a named pipe (it would wait for a writer)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-sniff-'));
    try {
      writeFileSync(path.join(dir, 'optional'), '// <optional> -*- C++ -*-\n');
      writeFileSync(path.join(dir, 'LICENSE'), 'Permission is hereby granted\n');
      const pipe = path.join(dir, 'pipe');
      execFileSync('mkfifo', [pipe]);
      // Were the pipe opened, the call would block this thread until a writer came: one comes
      // after 3 s, so that such a fault fails the test (it returned only then) rather than hangs it.
      const writer = spawn('sh', ['-c', `sleep 3; printf '// -*- C++ -*-\\n' > '${pipe}'`], { stdio: 'ignore' });
      try {
        expect(languageOfFile(path.join(dir, 'optional'))).toBe('cpp');
        expect(languageOfFile(path.join(dir, 'LICENSE'))).toBeUndefined();
        const t = Date.now();
        expect(languageOfFile(pipe)).toBeUndefined();
        expect(Date.now() - t).toBeLessThan(2000);
        expect(languageOfFile(path.join(dir, 'gone'))).toBeUndefined();
      } finally {
        writer.kill('SIGKILL');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
