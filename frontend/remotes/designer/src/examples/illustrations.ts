/**
 * The example posts' pictures, drawn here as SVG (no photos are shipped or
 * fetched): flat scenes of the sample businesses, each a File so the
 * designer's previews show it as they show a chosen upload.
 */

export type Scene = 'bread' | 'croissant' | 'bike' | 'yoga' | 'chart' | 'coffee';

/** The motif of each scene, drawn in a 400 × 400 box centred in the picture. */
const MOTIFS: Record<Scene, string> = {
  bread: `<ellipse cx="200" cy="230" rx="150" ry="80" fill="#c98a3e"/><ellipse cx="200" cy="215" rx="140" ry="70" fill="#e0a85a"/>
    <path d="M120 180 q20 40 0 80 M170 165 q20 45 0 100 M220 165 q20 45 0 100 M270 180 q20 40 0 80" stroke="#a86a2a" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  croissant: `<path d="M70 250 Q200 60 330 250 Q300 280 270 250 Q200 150 130 250 Q100 280 70 250Z" fill="#e3a857"/>
    <path d="M140 240 Q200 130 260 240" stroke="#b97a32" stroke-width="10" fill="none"/><path d="M170 160 l-20 70 M230 160 l20 70" stroke="#b97a32" stroke-width="8"/>`,
  bike: `<circle cx="110" cy="260" r="70" fill="none" stroke="#1f2d3d" stroke-width="14"/><circle cx="290" cy="260" r="70" fill="none" stroke="#1f2d3d" stroke-width="14"/>
    <path d="M110 260 L180 160 L260 160 L290 260 M180 160 L220 260 L260 160 M160 140 h40 M260 160 l-10 -30 h30" stroke="#e4572e" stroke-width="12" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`,
  yoga: `<circle cx="200" cy="110" r="32" fill="#5b3a6b"/><path d="M200 145 L200 250 M200 170 L110 120 M200 170 L290 120 M200 250 L130 320 M200 250 L270 320" stroke="#5b3a6b" stroke-width="22" stroke-linecap="round"/>
    <rect x="80" y="330" width="240" height="16" rx="8" fill="#8fbf9f"/>`,
  chart: `<rect x="70" y="80" width="260" height="240" rx="16" fill="#ffffff"/><rect x="100" y="230" width="40" height="60" fill="#2b6cb0"/><rect x="160" y="190" width="40" height="100" fill="#2b6cb0"/>
    <rect x="220" y="140" width="40" height="150" fill="#2b6cb0"/><path d="M100 200 L170 160 L230 110 L300 100" stroke="#38a169" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  coffee: `<rect x="110" y="150" width="160" height="150" rx="24" fill="#ffffff"/><path d="M270 180 q60 0 60 45 q0 45 -60 45" stroke="#ffffff" stroke-width="18" fill="none"/>
    <ellipse cx="190" cy="160" rx="70" ry="14" fill="#6b4226"/><path d="M160 120 q-15 -25 0 -50 M200 120 q-15 -25 0 -50 M240 120 q-15 -25 0 -50" stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round"/>`,
};

export interface Illustration {
  scene: Scene;
  /** Its alternative text, which is also the file's name in the preview. */
  alt: string;
  background: string;
  /** 1:1 (a feed post), 9:16 (a story, a short) or 16:9 (a video's frame). */
  shape: 'square' | 'portrait' | 'landscape';
}

const SIZES: Record<Illustration['shape'], [number, number]> = { square: [800, 800], portrait: [720, 1280], landscape: [1280, 720] };

/** The picture as an SVG document. */
export function illustrationSvg({ scene, background, shape }: Illustration): string {
  const [width, height] = SIZES[shape];
  const scale = Math.min(width, height) / 400;
  const x = (width - 400 * scale) / 2;
  const y = (height - 400 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${background}"/>
  <g transform="translate(${x} ${y}) scale(${scale})">${MOTIFS[scene]}</g>
</svg>`;
}

/** The picture as a file, as the post form holds a chosen upload. */
export function illustrationFile(illustration: Illustration): File {
  return new File([illustrationSvg(illustration)], illustration.alt, { type: 'image/svg+xml' });
}
