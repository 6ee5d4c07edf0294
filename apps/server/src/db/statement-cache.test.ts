import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from './statement-cache.js';

describe('cacheStatements', () => {
  it('hands back the statement it prepared for the same SQL, and forgets the least recently used past its size', () => {
    const db = cacheStatements(new SQLite(':memory:'), 2);
    db.exec('create table t (n integer)');
    const a = db.prepare('select n from t where n = ?');
    expect(db.prepare('select n from t where n = ?')).toBe(a);
    const b = db.prepare('select count(*) from t');
    expect(db.prepare('select n from t where n = ?')).toBe(a); // a is now the most recently used
    db.prepare('insert into t (n) values (?)').run(7); // evicts b
    expect(db.prepare('select count(*) from t')).not.toBe(b);
    expect(db.prepare('select n from t where n = ?').all(7)).toEqual([{ n: 7 }]);
    db.close();
  });
});
