/** The sign-in screen's illustration: an isotope atom over a bench of sample vials. Decorative only. */
export function LabIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 360" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="lab-liquid-a" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#5eead4" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
        <linearGradient id="lab-liquid-b" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#d97706" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="130" r="118" fill="#ccfbf1" opacity="0.55" />
      <g fill="none" stroke="#0f766e" strokeWidth="5">
        <ellipse cx="200" cy="130" rx="96" ry="34" />
        <ellipse cx="200" cy="130" rx="96" ry="34" transform="rotate(60 200 130)" />
        <ellipse cx="200" cy="130" rx="96" ry="34" transform="rotate(120 200 130)" />
      </g>
      <circle cx="200" cy="130" r="20" fill="#f59e0b" />
      <circle cx="192" cy="123" r="6" fill="#fde68a" />
      <circle cx="296" cy="130" r="8" fill="#0f766e" />
      <circle cx="152" cy="213" r="8" fill="#0f766e" />
      <circle cx="152" cy="47" r="8" fill="#0f766e" />
      <text x="200" y="136" textAnchor="middle" fontSize="13" fontWeight="700" fill="#78350f" fontFamily="sans-serif">
        ¹⁸O
      </text>
      <rect x="40" y="300" width="320" height="14" rx="4" fill="#134e4a" />
      <g stroke="#134e4a" strokeWidth="3">
        <path d="M90 230 v62 a16 16 0 0 0 32 0 v-62" fill="#ffffff" />
        <path d="M90 262 h32 v30 a16 16 0 0 1 -32 0z" fill="url(#lab-liquid-a)" stroke="none" />
        <line x1="84" y1="230" x2="128" y2="230" />
        <path d="M184 220 l-28 70 a8 8 0 0 0 7 10 h74 a8 8 0 0 0 7 -10 l-28 -70 z" fill="#ffffff" />
        <path d="M170 262 h60 l14 30 a6 6 0 0 1 -6 8 h-76 a6 6 0 0 1 -6 -8 z" fill="url(#lab-liquid-b)" stroke="none" />
        <line x1="180" y1="220" x2="220" y2="220" />
        <path d="M280 236 v56 a14 14 0 0 0 28 0 v-56" fill="#ffffff" />
        <path d="M280 270 h28 v22 a14 14 0 0 1 -28 0z" fill="url(#lab-liquid-a)" stroke="none" />
        <line x1="274" y1="236" x2="314" y2="236" />
      </g>
      <g fill="#99f6e4">
        <circle cx="106" cy="250" r="4" />
        <circle cx="200" cy="246" r="5" />
        <circle cx="294" cy="256" r="3" />
      </g>
    </svg>
  );
}
