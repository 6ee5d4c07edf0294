import { describe, expect, it } from 'vitest';
import { endpointTable } from '../endpoints.js';
import { OPERATOR_ROLES } from './operator-roles.js';

describe('the operator permission matrix', () => {
  const operatorEntries = endpointTable.filter((entry) => entry.guard === 'operator');

  it('has a decision for every operator entry, and only operator entries have one', () => {
    expect(operatorEntries.length).toBeGreaterThan(40);
    for (const entry of endpointTable) {
      const label = `${entry.method} ${entry.path}`;
      if (entry.guard === 'operator') expect(entry.roles?.length, label).toBeGreaterThan(0);
      else expect(entry.roles, label).toBeUndefined();
    }
  });

  it('lets the administrator call everything, and support only read', () => {
    for (const entry of operatorEntries) {
      const label = `${entry.method} ${entry.path}`;
      expect(entry.roles, label).toContain('admin');
      for (const role of entry.roles ?? []) expect(OPERATOR_ROLES, label).toContain(role);
      const supportWrites = entry.method !== 'GET' && entry.roles?.includes('support');
      const isOwnLogout = entry.path.startsWith('/ops/v1/auth/logout');
      expect(supportWrites && !isOwnLogout, label).toBe(false);
    }
  });
});
