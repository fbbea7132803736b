/** A drawn board for the home page: solder mask, copper traces, pads, parts and silkscreen. */
export function BoardIllustration() {
  return (
    <svg
      viewBox="0 0 480 340"
      role="img"
      aria-label="A printed circuit board with a chip, parts and traces"
      style={{ width: '100%', height: 'auto', display: 'block' }}
    >
      <defs>
        <linearGradient id="mask" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0b7a47" />
          <stop offset="1" stopColor="#05552f" />
        </linearGradient>
      </defs>
      <rect x="14" y="18" width="452" height="304" rx="18" fill="#0a3d24" opacity="0.18" />
      <rect x="6" y="6" width="452" height="304" rx="18" fill="url(#mask)" />
      <g
        fill="none"
        stroke="#cc9933"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity="0.9"
      >
        <path d="M60 70h80l30 30h40" />
        <path d="M60 110h60l20 20h70" />
        <path d="M60 150h150" />
        <path d="M60 190h60l30-20h60" />
        <path d="M310 100h60l30-30h20" />
        <path d="M310 130h110" />
        <path d="M310 160h50l30 30h30" />
        <path d="M250 230v40h-90l-30-30H70" />
        <path d="M280 230v50h120" />
      </g>
      <g fill="#d9b25c">
        <circle cx="60" cy="70" r="9" />
        <circle cx="60" cy="110" r="9" />
        <circle cx="60" cy="150" r="9" />
        <circle cx="60" cy="190" r="9" />
        <circle cx="420" cy="70" r="9" />
        <circle cx="420" cy="130" r="9" />
        <circle cx="420" cy="190" r="9" />
        <circle cx="70" cy="240" r="9" />
        <circle cx="400" cy="280" r="9" />
      </g>
      <g fill="#05552f">
        <circle cx="60" cy="70" r="3.5" />
        <circle cx="60" cy="110" r="3.5" />
        <circle cx="60" cy="150" r="3.5" />
        <circle cx="60" cy="190" r="3.5" />
        <circle cx="420" cy="70" r="3.5" />
        <circle cx="420" cy="130" r="3.5" />
        <circle cx="420" cy="190" r="3.5" />
        <circle cx="70" cy="240" r="3.5" />
        <circle cx="400" cy="280" r="3.5" />
      </g>
      <rect x="210" y="70" width="100" height="160" rx="8" fill="#1d1f21" />
      <g fill="#c9ccd1">
        {[0, 1, 2, 3, 4, 5, 6].map((pin) => (
          <g key={pin}>
            <rect x="198" y={84 + pin * 20} width="12" height="8" rx="1.5" />
            <rect x="310" y={84 + pin * 20} width="12" height="8" rx="1.5" />
          </g>
        ))}
      </g>
      <circle cx="226" cy="86" r="5" fill="#34373b" />
      <g fill="#1d1f21">
        <rect x="120" y="250" width="34" height="16" rx="3" />
        <rect x="330" y="210" width="16" height="34" rx="3" />
        <rect x="370" y="210" width="16" height="34" rx="3" />
      </g>
      <g fill="#c9ccd1">
        <rect x="114" y="252" width="8" height="12" rx="1" />
        <rect x="152" y="252" width="8" height="12" rx="1" />
        <rect x="332" y="204" width="12" height="8" rx="1" />
        <rect x="332" y="242" width="12" height="8" rx="1" />
        <rect x="372" y="204" width="12" height="8" rx="1" />
        <rect x="372" y="242" width="12" height="8" rx="1" />
      </g>
      <g fill="#ffffff" fontFamily="ui-monospace, monospace" fontSize="11" opacity="0.92">
        <text x="236" y="62">
          U1
        </text>
        <text x="126" y="284">
          R4
        </text>
        <text x="326" y="268">
          C7
        </text>
        <text x="366" y="268">
          C8
        </text>
        <text x="24" y="298">
          CIRCUITS REV B
        </text>
      </g>
      <rect
        x="10"
        y="10"
        width="444"
        height="296"
        rx="15"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.25"
        strokeWidth="1.5"
        strokeDasharray="4 6"
      />
    </svg>
  );
}
