/** A creator's team: invitees, their figures and the invitation poster. */
import path from 'node:path';
import type { ImageService } from '../image/image.service.js';
import { defineModule } from '../../compose/module.js';
import { POSTER_AVATAR_PX } from './team-poster.js';
import { TeamPosterCache } from './team-poster-cache.js';
import { TeamRepository } from './team.repository.js';
import { teamRoutes } from './team.routes.js';
import { TeamService } from './team.service.js';

export const teamModule = defineModule<{ images: ImageService }>()(
  'team',
  ({ database, clock, config, log, images }) => ({
    team: new TeamService(
      new TeamRepository(database.db),
      new TeamPosterCache(path.join(config.dataDir, 'cache', 'team-posters')),
      clock,
      { publicBaseUrl: config.publicBaseUrl, defaultTeamShareRateBp: config.settlement.teamShareRateBp },
      log,
      (url) => images.squareOf(url, POSTER_AVATAR_PX),
    ),
  }),
  {
    routes: (app, { team }) => app.register(teamRoutes(team)),
  },
);
