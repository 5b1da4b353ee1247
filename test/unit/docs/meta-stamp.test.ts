import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MetaStamp } from '../../../src/core/index/meta-stamp.js';

describe('MetaStamp', () => {
  it('reports the first value, then only moves, and reads at most every everyMs', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
    const stamp = new MetaStamp(db, 'usage', 1000);
    expect(stamp.changed(0)).toEqual({ value: null }); // absent counts as a value
    expect(stamp.changed(2000)).toBeUndefined();
    db.prepare(`INSERT INTO meta VALUES ('usage', 'a')`).run();
    expect(stamp.changed(2500)).toBeUndefined(); // read too recently: not looked at yet
    expect(stamp.changed(3000)).toEqual({ value: 'a' });
    expect(stamp.changed(4000)).toBeUndefined();
    db.prepare(`UPDATE meta SET value = 'b'`).run();
    expect(stamp.changed(5000)).toEqual({ value: 'b' });
    db.close();
  });
});
