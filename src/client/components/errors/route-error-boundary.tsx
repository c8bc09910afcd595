import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

type Props = { children: ReactNode };
type State = { error: unknown; hasError: boolean };

/** One per route (the router keys it by path, so navigating away resets it). */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null, hasError: false });

  override render() {
    if (this.state.hasError) return <ErrorScreen error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
