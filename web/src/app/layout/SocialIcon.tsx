// Simple monochrome marks for the social links.
export function SocialIcon({ name }: { name: string }) {
  const common = {
    width: 20,
    height: 20,
    viewBox: '0 0 24 24',
    'aria-hidden': true,
    focusable: false,
  } as const;
  switch (name) {
    case 'Instagram':
      return (
        <svg {...common} fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
        </svg>
      );
    case 'X':
      return (
        <svg {...common} fill="currentColor">
          <path d="M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
        </svg>
      );
    case 'TikTok':
      return (
        <svg {...common} fill="currentColor">
          <path d="M16.6 3c.3 2.2 1.7 3.8 4 4v3.1a7.3 7.3 0 0 1-4-1.2v6.6A5.9 5.9 0 1 1 10.7 9.6v3.2a2.7 2.7 0 1 0 2.7 2.7V3h3.2Z" />
        </svg>
      );
    default:
      return (
        <svg {...common} fill="currentColor">
          <circle cx="12" cy="12" r="8" />
        </svg>
      );
  }
}
