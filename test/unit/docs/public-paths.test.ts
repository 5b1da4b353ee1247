import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PublicPaths } from '../../../src/core/index/public-paths.js';

/**
 * PublicPaths over a real (in-memory) SQLite table of re-exports: which defining ids a public
 * path may stand for, and which public path an item is shown under.
 */

function paths(reexports: [string, string][], usage: [string, number][] = []): PublicPaths {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE reexports (file_id INTEGER, public TEXT, target TEXT);
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
    CREATE TABLE usage (key TEXT PRIMARY KEY, files INTEGER);
    INSERT INTO meta VALUES ('last_update', '1'), ('usage', '1:${Math.max(2, ...usage.map((u) => u[1]))}');`);
  const ins = db.prepare(`INSERT INTO reexports VALUES (1, ?, ?)`);
  for (const [pub, target] of reexports) ins.run(pub, target);
  const use = db.prepare(`INSERT INTO usage VALUES (?, ?)`);
  for (const [k, n] of usage) use.run(k, n);
  return new PublicPaths(db);
}

describe('public paths', () => {
  it('follows a named re-export between star imports, past a hundred star guesses and their bundled stubs', () => {
    const rows: [string, string][] = [];
    for (let i = 0; i < 100; i++) rows.push(['net.*', `net.m${i}.*`], ['net.*', `vendor.stubs.net.m${i}.*`]);
    rows.push(['net.*', 'net.algorithms.*'], ['net.algorithms.is_iso', 'net.algorithms.iso.is_iso'], ['net.algorithms.iso.*', 'net.algorithms.iso.core.*']);
    expect(paths(rows).targetsOf('net.is_iso')).toContain('net.algorithms.iso.core.is_iso');
  });

  it('shows an item under the path other code uses, though another is shorter', () => {
    const rows: [string, string][] = [['posixish.*', 'genpath.*'], ['ntish.*', 'genpath.*'], ['osish.path.*', 'posixish.*'], ['osish.path.*', 'ntish.*']];
    expect(paths(rows).publicIds([{ id: 'genpath.exists', module: 'genpath' }])).toEqual(['ntish.exists']);
    expect(paths(rows, [['osish.path.exists', 40]]).publicIds([{ id: 'genpath.exists', module: 'genpath' }])).toEqual(['osish.path.exists']);
  });

  it('a renamed re-export continues from the module of its new name', () => {
    const rows: [string, string][] = [['stubs.threading.Lock', '_thread.LockType'], ['threading.*', 'stubs.threading.*']];
    expect(paths(rows).publicIds([{ id: '_thread.LockType', module: '_thread' }])).toEqual(['threading.Lock']);
  });
});
