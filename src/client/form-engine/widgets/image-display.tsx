import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { safeImageSrc } from '../../../shared/rich-text';
import './image-display.css';

/** Image display constants (the spinner's 0.25 s fade-out is in image-display.css). */
export const IMAGE_WIDTH_PX = 120;
export const IMAGE_SPINNER_PX = 64;
export const IMAGE_FADE_IN_MS = 1000;

type ImageState = 'loading' | 'loaded' | 'error';

/**
 * An image in three states: `loading` shows a 64 px spinner, `loaded` the
 * image 120 px wide with auto height fading in over 1 s (the spinner fades out over 0.25 s),
 * `error` (or no address) a bordered empty box labelled 'No image found!'. `src` null: the address
 * is still being fetched (an authenticated download), shown as `loading`.
 */
export function ImageDisplay({ src, alt }: { src: string | null; alt: string }) {
  const [state, setState] = useState<{ src: string | null; state: ImageState }>({
    src,
    state: src === '' ? 'error' : 'loading',
  });
  // a new address starts over at `loading` (state derived during render, React's documented pattern)
  const current = state.src === src ? state.state : src === '' ? 'error' : 'loading';
  if (state.src !== src) setState({ src, state: current });
  if (current === 'error') {
    return (
      <div className="image-display image-display--error" data-state="error" style={{ width: IMAGE_WIDTH_PX }}>
        No image found!
      </div>
    );
  }
  return (
    <div className="image-display" data-state={current} style={{ width: IMAGE_WIDTH_PX }}>
      <span
        className="image-display__spinner"
        role="progressbar"
        aria-label="Loading image"
        hidden={current === 'loaded'}
        style={{ width: IMAGE_SPINNER_PX, height: IMAGE_SPINNER_PX }}
      />
      {src === null ? null : (
        <img
          src={src}
          alt={alt}
          width={IMAGE_WIDTH_PX}
          style={{ height: 'auto', opacity: current === 'loaded' ? 1 : 0, transition: `opacity ${IMAGE_FADE_IN_MS}ms` }}
          onLoad={() => setState({ src, state: 'loaded' })}
          onError={() => setState({ src, state: 'error' })}
        />
      )}
    </div>
  );
}

/**
 * `"ui:widget": "image"`: shows the image whose address is the field's value (http, https or an
 * image `data:` address, as src/shared/rich-text.ts allows); `ui:options.alt` gives the text alternative (default: the
 * field's title). The value is displayed, not edited.
 */
export function ImageDisplayWidget(props: WidgetProps) {
  const alt = typeof props.options.alt === 'string' ? props.options.alt : (props.label ?? '');
  const src = typeof props.value === 'string' ? safeImageSrc(props.value) : '';
  return (
    <div id={props.id}>
      <ImageDisplay src={src} alt={alt} />
    </div>
  );
}
