/** Query keys of the workspace: jobs and media lists refresh together after a run or an upload. */
export const toolKeys = {
  tools: ['tool', 'tools'] as const,
  voices: ['tool', 'voices'] as const,
  music: ['tool', 'music'] as const,
  jobs: ['tool', 'jobs'] as const,
  job: (id: string) => ['tool', 'jobs', id] as const,
  media: ['tool', 'media'] as const,
  usage: ['tool', 'media', 'usage'] as const,
  folders: ['tool', 'media', 'folders'] as const,
};
