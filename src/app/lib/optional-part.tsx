import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// A part of a screen whose code is fetched on demand and that the screen can do without (the
// header's sync indicator, the live notifications). When the network drops after the first paint
// and before its chunk arrives, on a first visit the service worker has not stored yet, the import
// fails. React.lazy would throw that into the route's error boundary and replace the whole screen,
// bench list and all, with "Something went wrong!". The part renders nothing instead, and fetches
// its code again once the browser is back online. (A menu or dialog behind a button is fetched when
// first used instead: on-demand.ts, which tries again on the next press.)

/** A failed fetch of a part's code, told apart from an error of the part itself (which still throws). */
class PartCodeUnavailable extends Error {}

type State = { error: unknown };

/** The part `load` fetches, as a component that renders nothing while its code cannot be had. */
export function optionalPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const lazyPart = () =>
    lazy(() =>
      load().then(
        (part) => ({ default: part }),
        (cause: unknown) => {
          throw new PartCodeUnavailable('the code of a part of the screen could not be fetched', { cause });
        },
      ),
    );
  let Part = lazyPart();

  return class OptionalPart extends Component<Props, State> {
    override state: State = { error: undefined };

    static getDerivedStateFromError(error: unknown): State {
      return { error };
    }

    override componentDidMount() {
      window.addEventListener('online', this.retry);
    }

    override componentWillUnmount() {
      window.removeEventListener('online', this.retry);
    }

    /** React.lazy keeps a failed import for good: a new one is made to fetch the code again. */
    retry = () => {
      if (!(this.state.error instanceof PartCodeUnavailable)) return;
      Part = lazyPart();
      this.setState({ error: undefined });
    };

    override render(): ReactNode {
      const { error } = this.state;
      if (error instanceof PartCodeUnavailable) return null;
      if (error !== undefined) throw error;
      return (
        <Suspense fallback={null}>
          <Part {...this.props} />
        </Suspense>
      );
    }
  };
}
