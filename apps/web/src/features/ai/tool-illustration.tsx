/**
 * A drawn picture of each tool for the landing carousel: inline SVG in the product's colours, no image downloads.
 * Decorative only (the slide's text says what the tool does).
 */
import type { NavTool } from '@cc/contracts';
import { useId, type ReactNode } from 'react';

const BLUE = '#165DFF';
const BLUE_LIGHT = '#6AA1FF';
const FRAME = '#E8F0FF';

/** A video frame: a rounded picture with a gradient, the shared element of several drawings. */
function Frame({
  x,
  y,
  w,
  h,
  fill,
  radius = 10,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
  radius?: number;
}) {
  return <rect x={x} y={y} width={w} height={h} rx={radius} fill={fill} />;
}

function Mixcut({ id }: { id: string }) {
  const clips = [
    { x: 40, w: 64, c: '#4080FF' },
    { x: 108, w: 40, c: '#F7BA1E' },
    { x: 152, w: 84, c: '#4080FF' },
    { x: 240, w: 36, c: '#F53F3F' },
    { x: 280, w: 40, c: '#4080FF' },
  ];
  return (
    <>
      <defs>
        <linearGradient id={`${id}-hero`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1D2A6B" />
          <stop offset="1" stopColor={BLUE} />
        </linearGradient>
      </defs>
      <Frame x={40} y={28} w={280} h={132} fill={`url(#${id}-hero)`} radius={14} />
      <circle cx={180} cy={94} r={22} fill="#fff" opacity={0.92} />
      <path d="M173 82 L192 94 L173 106 Z" fill={BLUE} />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <rect key={i} x={56 + i * 38} y={38} width={18} height={6} rx={2} fill="#fff" opacity={0.25} />
      ))}
      <rect x={40} y={176} width={280} height={36} rx={8} fill={FRAME} />
      {clips.map((clip) => (
        <rect key={clip.x} x={clip.x + 2} y={182} width={clip.w - 4} height={24} rx={5} fill={clip.c} />
      ))}
      <rect x={196} y={168} width={3} height={52} rx={1.5} fill="#F53F3F" />
      <circle cx={197.5} cy={168} r={6} fill="#F53F3F" />
      <g transform="translate(262 118) rotate(-20)">
        <circle cx={0} cy={0} r={10} fill="none" stroke="#fff" strokeWidth={4} />
        <circle cx={0} cy={28} r={10} fill="none" stroke="#fff" strokeWidth={4} />
        <path d="M8 6 L40 30 M8 22 L40 -2" stroke="#fff" strokeWidth={4} strokeLinecap="round" />
      </g>
    </>
  );
}

function Commentary({ id }: { id: string }) {
  const bars = [10, 22, 34, 18, 42, 28, 14, 36, 24, 46, 20, 30, 12, 38, 26, 16, 32, 22];
  return (
    <>
      <defs>
        <linearGradient id={`${id}-scene`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#3B1E7A" />
          <stop offset="1" stopColor="#722ED1" />
        </linearGradient>
      </defs>
      <Frame x={40} y={24} w={200} h={136} fill={`url(#${id}-scene)`} radius={14} />
      <circle cx={140} cy={76} r={22} fill="#D9C6F7" />
      <path d="M96 160 C100 120 180 120 184 160 Z" fill="#D9C6F7" />
      <rect x={72} y={136} width={136} height={14} rx={7} fill="#000" opacity={0.45} />
      <rect x={82} y={141} width={116} height={4} rx={2} fill="#fff" />
      <g transform="translate(256 40)">
        <rect x={0} y={0} width={72} height={104} rx={14} fill="#F3EDFD" />
        <rect x={24} y={16} width={24} height={44} rx={12} fill="#722ED1" />
        <path d="M14 48 C14 74 58 74 58 48" fill="none" stroke="#722ED1" strokeWidth={4} strokeLinecap="round" />
        <path d="M36 70 L36 86 M24 88 L48 88" stroke="#722ED1" strokeWidth={4} strokeLinecap="round" />
      </g>
      {bars.map((height, i) => (
        <rect
          key={i}
          x={44 + i * 15.5}
          y={196 - height / 2}
          width={8}
          height={height}
          rx={4}
          fill={i % 3 ? '#A871E3' : '#722ED1'}
        />
      ))}
    </>
  );
}

function Translate({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-scene`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0B4F5C" />
          <stop offset="1" stopColor="#0FC6C2" />
        </linearGradient>
      </defs>
      <Frame x={40} y={24} w={280} h={160} fill={`url(#${id}-scene)`} radius={14} />
      <circle cx={112} cy={84} r={26} fill="#fff" opacity={0.18} />
      <circle cx={236} cy={72} r={40} fill="#fff" opacity={0.1} />
      <rect x={90} y={130} width={180} height={16} rx={8} fill="#000" opacity={0.4} />
      <rect x={104} y={136} width={152} height={4} rx={2} fill="#fff" />
      <rect x={110} y={152} width={140} height={16} rx={8} fill="#000" opacity={0.4} />
      <rect x={124} y={158} width={112} height={4} rx={2} fill="#FADC19" />
      <g transform="translate(60 196)">
        <rect width={96} height={32} rx={16} fill="#E8FFFB" />
        <rect x={16} y={14} width={64} height={4} rx={2} fill="#0FC6C2" />
      </g>
      <path
        d="M168 212 L192 212 M184 204 L192 212 L184 220"
        stroke={BLUE}
        strokeWidth={3}
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <g transform="translate(204 196)">
        <rect width={96} height={32} rx={16} fill={FRAME} />
        <rect x={16} y={14} width={64} height={4} rx={2} fill={BLUE} />
      </g>
    </>
  );
}

function Dedup({ id }: { id: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-scene`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7A3A00" />
          <stop offset="1" stopColor="#FF7D00" />
        </linearGradient>
      </defs>
      <g transform="rotate(-10 110 120)" opacity={0.55}>
        <Frame x={52} y={58} w={116} h={150} fill="#FFD8A8" radius={12} />
      </g>
      <g transform="rotate(8 250 120)" opacity={0.55}>
        <Frame x={192} y={52} w={116} h={150} fill="#FFE4BA" radius={12} />
      </g>
      <Frame x={118} y={36} w={124} h={168} fill={`url(#${id}-scene)`} radius={14} />
      <rect x={134} y={52} width={46} height={60} rx={6} fill="#fff" opacity={0.3} />
      <circle cx={180} cy={136} r={18} fill="#fff" opacity={0.9} />
      <path d="M174 128 L188 136 L174 144 Z" fill="#FF7D00" />
      <g transform="translate(226 176)">
        <circle r={22} fill="#00B42A" />
        <path
          d="M-10 0 L-3 8 L11 -7"
          stroke="#fff"
          strokeWidth={4}
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x={40 + i * 72} y={220} width={60} height={8} rx={4} fill={i === 1 ? '#FF7D00' : '#FFE4BA'} />
      ))}
    </>
  );
}

function Media() {
  const tiles = ['#4080FF', '#722ED1', '#0FC6C2', '#FF7D00', '#F53F3F', '#00B42A'];
  return (
    <>
      <path
        d="M40 48 Q40 36 52 36 L128 36 L144 52 L308 52 Q320 52 320 64 L320 200 Q320 212 308 212 L52 212 Q40 212 40 200 Z"
        fill="#fff"
        stroke="#B7EB8F"
        strokeWidth={2}
      />
      {tiles.map((color, i) => (
        <g key={color} transform={`translate(${60 + (i % 3) * 86} ${68 + Math.floor(i / 3) * 64})`}>
          <rect width={74} height={52} rx={8} fill={color} opacity={0.85} />
          <path d="M30 18 L46 26 L30 34 Z" fill="#fff" />
        </g>
      ))}
      <rect x={60} y={222} width={240} height={8} rx={4} fill="#E5E6EB" />
      <rect x={60} y={222} width={168} height={8} rx={4} fill="#00B42A" />
    </>
  );
}

function Publish({ id }: { id: string }) {
  const targets = [
    { x: 292, y: 56, c: '#1D2129' },
    { x: 300, y: 124, c: '#F53F3F' },
    { x: 292, y: 192, c: BLUE },
  ];
  return (
    <>
      <defs>
        <linearGradient id={`${id}-phone`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#F76965" />
          <stop offset="1" stopColor="#CB2634" />
        </linearGradient>
      </defs>
      <rect x={60} y={24} width={112} height={196} rx={18} fill="#1D2129" />
      <Frame x={68} y={36} w={96} h={172} fill={`url(#${id}-phone)`} radius={12} />
      <circle cx={116} cy={110} r={18} fill="#fff" opacity={0.9} />
      <path d="M110 102 L124 110 L110 118 Z" fill="#F53F3F" />
      <rect x={80} y={178} width={56} height={6} rx={3} fill="#fff" opacity={0.8} />
      <rect x={80} y={190} width={36} height={6} rx={3} fill="#fff" opacity={0.5} />
      {targets.map((target) => (
        <g key={target.y}>
          <path
            d={`M176 122 C230 122 232 ${target.y} ${target.x - 26} ${target.y}`}
            stroke={BLUE_LIGHT}
            strokeWidth={3}
            strokeDasharray="6 6"
            fill="none"
          />
          <rect x={target.x - 22} y={target.y - 22} width={44} height={44} rx={12} fill={target.c} />
          <path
            d={`M${target.x - 6} ${target.y - 9} L${target.x + 10} ${target.y} L${target.x - 6} ${target.y + 9} Z`}
            fill="#fff"
          />
        </g>
      ))}
    </>
  );
}

const DRAWINGS: Record<NavTool, (props: { id: string }) => ReactNode> = {
  mixcut: Mixcut,
  commentary: Commentary,
  translate: Translate,
  dedup: Dedup,
  media: Media,
  publish: Publish,
};

export function ToolIllustration({ tool, className }: { tool: NavTool; className?: string }) {
  // Gradient ids must be unique in the document.
  const id = useId().replace(/:/g, '');
  const Drawing = DRAWINGS[tool];
  return (
    <svg className={className} viewBox="0 0 360 240" role="presentation" aria-hidden="true" focusable="false">
      <Drawing id={id} />
    </svg>
  );
}
