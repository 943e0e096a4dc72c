/**
 * The product's header: logo, name and tagline. index.html paints the same block before any
 * script runs (see index.html, "boot"), so the first screen shows at once.
 */
export function Brand({ children }: { children?: React.ReactNode }) {
  return (
    <header className="brand">
      <img src="/icon.svg" alt="" width="64" height="64" />
      <h1>CRM Vendas</h1>
      <p>Força de vendas na palma da mão</p>
      {children}
    </header>
  );
}
