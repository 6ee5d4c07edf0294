/**
 * An xgplayer bound to React: created for its address, destroyed on unmount or when the address changes. Player
 * errors show in Chinese with a refresh prompt; '刷新' builds the player again. xgplayer and its styles
 * load on first use, so pages without a video never download them.
 */
import { Button } from '@arco-design/web-react';
import { PLAYER_DEFAULTS } from '@cc/contracts';
import { useEffect, useRef, useState } from 'react';
import { loadPlayer } from '../lib/player/load-player';
import { playerErrorMessage, type PlayerErrorEvent } from '../lib/player/player-error';
import { buildPlayerOptions, type PlayerSetup } from '../lib/player/player-options';
import { text } from '../locales/zh-CN';
import styles from './video-player.module.css';

export type VideoPlayerProps = PlayerSetup & {
  className?: string;
  /** A test id on the player's frame: a video and xgplayer's controls in it have no role to be found by. */
  testId?: string;
};

function classNames(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ');
}

export function VideoPlayer({
  url,
  poster,
  width,
  height,
  fluid,
  autoplayMuted,
  compact,
  sprite,
  className,
  testId,
}: VideoPlayerProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  // Keyed by the player it came from, so a new address or a retry starts clean without resetting state in an effect.
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const playerKey = `${url}#${attempt}`;
  // By value: a refetched list hands over an equal sprite object, which must not rebuild a playing player.
  const spriteKey = sprite ? JSON.stringify(sprite) : '';

  useEffect(() => {
    const host = hostRef.current;
    if (!host || !url) return;
    // xgplayer rewrites its element; give it one React does not own.
    const el = document.createElement('div');
    host.appendChild(el);
    const fail = (error?: PlayerErrorEvent) => setFailure({ key: playerKey, message: playerErrorMessage(error) });
    let player: { destroy: () => void } | null = null;
    let unmounted = false;
    loadPlayer()
      .then(({ default: Player, Events }) => {
        if (unmounted) return;
        const created = new Player(
          buildPlayerOptions(el, {
            url,
            poster,
            width,
            height,
            fluid,
            autoplayMuted,
            compact,
            sprite: spriteKey ? (JSON.parse(spriteKey) as VideoPlayerProps['sprite']) : null,
          }),
        );
        created.on(Events.ERROR, fail);
        player = created;
      })
      // The player's code failed to load (offline, or a deployment replaced the chunk).
      .catch(() => !unmounted && fail());
    return () => {
      unmounted = true;
      player?.destroy();
      el.remove();
    };
  }, [url, poster, width, height, fluid, autoplayMuted, compact, spriteKey, playerKey]);

  const boxStyle = fluid
    ? undefined
    : { width: width ?? PLAYER_DEFAULTS.width, height: height ?? PLAYER_DEFAULTS.height };
  const error = failure?.key === playerKey ? failure.message : null;

  return (
    <div
      className={classNames(styles.player, fluid && styles.fluid, compact && styles.compact, className)}
      style={boxStyle}
      data-testid={testId}
    >
      {url ? (
        <div ref={hostRef} className={styles.host} />
      ) : (
        <div className={styles.empty} style={fluid ? { aspectRatio: '16 / 9' } : boxStyle}>
          {text.player.noVideo}
        </div>
      )}
      {error && (
        <div className={styles.overlay} role="alert">
          <span>{error}</span>
          <span className={styles.prompt}>{text.player.refreshPrompt}</span>
          <Button size={compact ? 'mini' : 'small'} type="primary" onClick={() => setAttempt((n) => n + 1)}>
            {text.player.refresh}
          </Button>
        </div>
      )}
    </div>
  );
}
