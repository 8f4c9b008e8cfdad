// Small inline icons (SVG, currentColor), sized by the surrounding font.
type IconProps = { title?: string };

function Svg({ children, title }: { children: React.ReactNode; title?: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden={title ? undefined : true} role={title ? "img" : undefined}>
      {title && <title>{title}</title>}
      {children}
    </svg>
  );
}

export const PlayIcon = ({ title }: IconProps) => (
  <Svg title={title}>
    <path d="M7 4.5v15l13-7.5z" fill="currentColor" />
  </Svg>
);

export const PauseIcon = ({ title }: IconProps) => (
  <Svg title={title}>
    <rect x="6" y="4.5" width="4.2" height="15" rx="1" fill="currentColor" />
    <rect x="13.8" y="4.5" width="4.2" height="15" rx="1" fill="currentColor" />
  </Svg>
);

export const StepForwardIcon = ({ title }: IconProps) => (
  <Svg title={title}>
    <path d="M5 5v14l10-7z" fill="currentColor" />
    <rect x="16" y="5" width="3" height="14" rx="1" fill="currentColor" />
  </Svg>
);

export const StepBackIcon = ({ title }: IconProps) => (
  <Svg title={title}>
    <path d="M19 5v14L9 12z" fill="currentColor" />
    <rect x="5" y="5" width="3" height="14" rx="1" fill="currentColor" />
  </Svg>
);

export const CheckIcon = ({ title }: IconProps) => (
  <Svg title={title}>
    <circle cx="12" cy="12" r="10" fill="var(--c-ok)" />
    <path d="M7 12.5l3.2 3.2L17.2 8.8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
  </Svg>
);

export const CrossIcon = ({ title }: IconProps) => (
  <Svg title={title}>
    <path d="M12 2.5 22 20.5H2z" fill="var(--c-bad)" />
    <path d="M12 9v5.5" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
    <circle cx="12" cy="17.6" r="1.5" fill="#fff" />
  </Svg>
);

export const PendingIcon = ({ title }: IconProps) => (
  <Svg title={title}>
    <circle cx="12" cy="12" r="9" fill="none" stroke="var(--c-muted)" strokeWidth="2.4" strokeDasharray="3 3" />
  </Svg>
);
