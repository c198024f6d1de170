import { Image } from 'antd';

/** A stored picture in a table: small, click to see it whole. */
export function PictureThumb({ src, alt, wide = true }: { src: string; alt: string; wide?: boolean }) {
  return (
    <Image
      className={wide ? 'content-thumb is-wide' : 'content-thumb'}
      src={src}
      alt={alt}
      width={wide ? 144 : 72}
      height={wide ? 48 : 48}
      preview={{ mask: '预览' }}
    />
  );
}
