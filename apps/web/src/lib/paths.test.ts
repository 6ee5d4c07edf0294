import { describe, expect, it } from 'vitest';
import { paths, requiresLogin, safeRedirect, taskDetailPath, TOOL_ALIASES, toolPath, withVisitorQuery } from './paths';

describe('requiresLogin', () => {
  it('covers the login-required routes', () => {
    for (const path of [
      paths.income,
      paths.withdraw,
      paths.incomeApp,
      paths.taskDetail,
      paths.apply,
      paths.profile,
      paths.myTask,
      paths.team,
      paths.account,
    ]) {
      expect(requiresLogin(path), path).toBe(true);
    }
  });

  it('leaves the public routes open', () => {
    for (const path of [paths.home, paths.task, paths.help, paths.tool, paths.ai, paths.gift, paths.userAgreement]) {
      expect(requiresLogin(path), path).toBe(false);
    }
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/income?tab=1')).toBe('/income?tab=1');
  });

  it('refuses anything that could leave the site', () => {
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('taskDetailPath', () => {
  it('carries task_id, app_id and task_type in the query', () => {
    expect(taskDetailPath({ task_id: 7, app_id: 3, task_type: 1 })).toBe('/task-detail?task_id=7&app_id=3&task_type=1');
    expect(taskDetailPath({ task_id: 7, app_id: null, task_type: 2 })).toBe('/task-detail?task_id=7&task_type=2');
  });
});

describe('the landing paths', () => {
  it('opens a tool of the workspace by its key', () => {
    expect(toolPath('dedup')).toBe('/tool?tool=dedup');
  });

  it('maps the short nav paths to their tools', () => {
    expect(TOOL_ALIASES).toEqual({
      '/tools/cut': 'mixcut',
      '/tools/subtitle': 'translate',
      '/tools/voice': 'commentary',
    });
  });

  it("keeps the visitor's query, the target's own parameters first and winning", () => {
    expect(withVisitorQuery('/tool?tool=mixcut', '?invite_code=AB12&channel_from=dy')).toBe(
      '/tool?tool=mixcut&invite_code=AB12&channel_from=dy',
    );
    expect(withVisitorQuery('/tool?tool=mixcut', '?tool=dedup')).toBe('/tool?tool=mixcut');
    expect(withVisitorQuery('/help', '')).toBe('/help');
  });
});
