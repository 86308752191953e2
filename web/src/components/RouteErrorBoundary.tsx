import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../lib/chunk-load.ts';

export const ROUTE_ERROR_TEXTS = {
  chunk: 'This page could not load. Check your connection and try again.',
  other: 'Something went wrong on this page. Try again, or reload the page.',
  retry: 'Retry',
} as const;

interface Props {
  children: ReactNode;
  /** Called before the page renders again after Retry (the lazy pages import their code afresh). */
  onRetry?: () => void;
  /** A new value (the path) clears the failure: another page is tried afresh. */
  resetKey?: string;
}

interface State {
  failed: boolean;
  error: unknown;
}

/**
 * Keeps a page's failure inside the page area: the shell (top bar, links, ticker) stays, and the page
 * shows what happened with a Retry. Without it a page whose code cannot load unmounts the whole app.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false, error: null });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="card route-error" role="alert">
        <p>{isChunkLoadError(this.state.error) ? ROUTE_ERROR_TEXTS.chunk : ROUTE_ERROR_TEXTS.other}</p>
        <button type="button" className="btn btn-primary" onClick={this.retry}>
          {ROUTE_ERROR_TEXTS.retry}
        </button>
      </div>
    );
  }
}
