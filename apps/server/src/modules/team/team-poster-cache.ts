/**
 * Invite posters on disk: made once per content (`posterCacheKey`) by the ffmpeg launcher and kept in a cache
 * folder, so a poster is rendered again only when its link, nickname, invite code or layout changes. A cache, not
 * storage: every server keeps its own and any file may be deleted at any time.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { runFfmpegProcess } from '../../providers/media/ffmpeg-process.js';
import { buildPosterSvg, posterCacheKey, posterFfmpegArgs, type PosterInput } from './team-poster.js';

export interface CachedPoster {
  file: string;
  /** The content key, usable as an HTTP entity tag. */
  key: string;
}

export class TeamPosterCache {
  /** Renders under way, by file: concurrent requests for one poster share one ffmpeg run. */
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(private readonly dir: string) {}

  async poster(agentId: number, input: PosterInput): Promise<CachedPoster> {
    const key = posterCacheKey(input);
    const file = path.join(this.dir, `${agentId}-${key}.png`);
    if (!(await exists(file))) {
      let render = this.rendering.get(file);
      if (!render) {
        render = this.render(agentId, file, input).finally(() => this.rendering.delete(file));
        this.rendering.set(file, render);
      }
      await render;
    }
    return { file, key };
  }

  /** Writes beside the final name and renames, so a reader never sees half a PNG; then drops the agent's old posters. */
  private async render(agentId: number, file: string, input: PosterInput): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const stem = path.join(this.dir, `.${agentId}-${randomBytes(6).toString('hex')}`);
    const svg = `${stem}.svg`;
    const png = `${stem}.png`;
    try {
      await fs.writeFile(svg, buildPosterSvg(input));
      // One still picture: the shortest time limit (a second of media) is plenty.
      await runFfmpegProcess(posterFfmpegArgs(svg, png), {
        kind: 'poster',
        mediaSeconds: 1,
        composedFormats: ['svg_pipe'],
      });
      await fs.rename(png, file);
    } finally {
      await Promise.all([fs.rm(svg, { force: true }), fs.rm(png, { force: true })]);
    }
    const mine = `${agentId}-`;
    const stale = (await fs.readdir(this.dir)).filter((name) => name.startsWith(mine) && name !== path.basename(file));
    await Promise.all(stale.map((name) => fs.rm(path.join(this.dir, name), { force: true })));
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
