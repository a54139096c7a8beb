import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteError } from './remote-error';

interface RemoteBoundaryProps {
  /** What the remote shows, in Vietnamese ("trang chủ"), for the failure message. */
  what: string;
  onRetry: () => void;
  /** Told of what the boundary caught, after the console. */
  onError?: (error: Error) => void;
  children: ReactNode;
}

interface RemoteBoundaryState {
  error: Error | null;
}

/**
 * Catches a remote that fails to load or to render, so only the content area shows the
 * failure; the header, sidebar, footer and the other remotes keep working.
 */
export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RemoteBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[shell] remote failed: ${this.props.what}`, error, info.componentStack);
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error) return <RemoteError what={this.props.what} error={error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
