import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the fold a part starts loading, so it is ready by the time it scrolls into view. */
const AHEAD = '600px';

/**
 * Renders `children` once its place comes near the viewport: code below the fold (a lazy component)
 * is not part of the first load. Until then, and while the code loads, `placeholder` keeps
 * the space. Without IntersectionObserver, renders at once.
 */
export function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <Suspense fallback={placeholder}>{children}</Suspense>;
  return <div ref={ref}>{placeholder}</div>;
}
