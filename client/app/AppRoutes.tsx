import { Component, type ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { routes } from './router.ts';

/**
 * The app's routes as the browser and the build's pre-rendering draw them: react-router's component routing
 * (`<BrowserRouter>` in main.tsx, `<StaticRouter>` in renderPage.tsx), which downloads about half as much as its
 * data router, whose loaders and actions the portal does not use. Tests keep a memory data router (App.tsx).
 */
export function AppRoutes() {
  const location = useLocation();
  return <RouteErrorBoundary location={location.pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}

interface RouteErrorBoundaryProps {
  location: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  location: string;
}

const LIGHT_GREY = 'rgba(200,200,200, 0.5)';

/**
 * react-router's default error page (its data router's `DefaultErrorComponent`, production build), which the
 * specification names: a page that fails to render is replaced, shell included, until the address changes.
 */
class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? <pre style={{ padding: '0.5rem', backgroundColor: LIGHT_GREY }}>{stack}</pre> : null}
      </>
    );
  }
}
