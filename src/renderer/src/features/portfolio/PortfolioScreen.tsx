// Placeholder until this screen lands.
export function PortfolioScreen(): React.JSX.Element {
  return <div className="page"><p className="muted">Coming soon.</p></div>;
}
