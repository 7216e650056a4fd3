declare module "*.css"

/** A stylesheet's text (Vite's `?inline`), for putting it in the page. */
declare module "*.css?inline" {
  const styles: string
  export default styles
}
