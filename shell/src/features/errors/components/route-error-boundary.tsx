import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

interface RouteErrorBoundaryProps {
  /** The current path: navigating elsewhere clears the error, so links keep working. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Catches what the layouts and pages throw, so the page still explains itself. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): RouteErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[shell] route failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null, hasError: false });
  }

  override render(): ReactNode {
    return this.state.hasError ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
