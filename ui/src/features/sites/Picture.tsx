import type { Image } from '../../generated/sites';

interface Props {
  image: Image;
  sizes: string; // how wide the page draws it, for the browser's choice
  className?: string;
  alt?: string; // the image's own alt unless given ('' for decoration)
  eager?: boolean; // the first thing a page shows: fetched first, not lazily
  lang?: string; // its alt's language, where it is not the frame's
}

// Picture draws a stored picture at its size (no layout shift), offering
// every width it is kept at so a phone downloads the one near its size;
// below the first screen it loads lazily.
export function Picture({ image, sizes, className, alt, eager = false, lang }: Props) {
  const srcSet = image.variants?.length ? image.variants.map((v) => `${v.src} ${v.width}w`).join(', ') : undefined;
  return (
    <img
      className={className}
      src={image.src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      lang={lang}
      loading={eager ? undefined : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
