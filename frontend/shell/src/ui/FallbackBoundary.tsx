import { Component, type ReactNode } from 'react';

/** Shows `fallback` instead of children that threw while rendering (a page's bug, a chunk that could not be fetched). */
export class FallbackBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
