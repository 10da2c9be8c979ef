/**
 * The seeded avatars, drawn here so the site needs no image files or network: a helmeted head in
 * one of twelve colour schemes, with a visor shape per index (spec 1 §7 get_user_avatar_list).
 */
export const AVATAR_COUNT = 12;

/** Where seeded avatar `id` is drawn (media.routes). */
export const avatarUrl = (id: number) => `/img/avatars/${id}.svg`;

/**
 * A new account's avatar: the seeded set in turn by account id, so the players beside a seat or
 * in a ticker are not all one face (every account had avatar 1 before). Ids are consecutive, so
 * any 12 accounts made one after another have 12 different ones.
 */
export function spreadAvatarId(userId: number): number {
  return ((userId - 1) % AVATAR_COUNT) + 1;
}

const SCHEMES: [bg: string, helmet: string, visor: string][] = [
  ['#1e2a44', '#e0a526', '#1b1f2b'],
  ['#2b1e44', '#ab47bc', '#f3e5f5'],
  ['#1e4430', '#66bb6a', '#102418'],
  ['#441e1e', '#ef5350', '#ffebee'],
  ['#1e3a44', '#4fc3f7', '#0b1d26'],
  ['#3d3320', '#ffca28', '#3e2723'],
  ['#20363d', '#26a69a', '#e0f2f1'],
  ['#2d2d2d', '#bdbdbd', '#212121'],
  ['#3b2030', '#ec407a', '#1a0d14'],
  ['#202a3b', '#5c6bc0', '#e8eaf6'],
  ['#33301c', '#d4e157', '#1b1c0c'],
  ['#3a2718', '#ff7043', '#fff3e0'],
];

export function avatarSvg(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > AVATAR_COUNT) return null;
  const [bg, helmet, visor] = SCHEMES[n - 1] as [string, string, string];
  const visors = [
    '<rect x="38" y="52" width="52" height="16" rx="8"/>',
    '<path d="M36 52h56l-8 18H44z"/>',
    '<circle cx="50" cy="60" r="9"/><circle cx="78" cy="60" r="9"/>',
    '<rect x="40" y="50" width="48" height="22" rx="4"/>',
  ];
  const shape = visors[(n - 1) % visors.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" rx="16" fill="${bg}"/>
<path d="M24 128c4-26 20-38 40-38s36 12 40 38z" fill="${helmet}" opacity="0.55"/>
<path d="M30 66c0-24 15-40 34-40s34 16 34 40v10c0 6-4 10-10 10H40c-6 0-10-4-10-10z" fill="${helmet}"/>
<g fill="${visor}">${shape}</g>
<text x="64" y="118" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle" fill="${helmet}" opacity="0.8">KX-${String(n).padStart(2, '0')}</text>
</svg>`;
}
