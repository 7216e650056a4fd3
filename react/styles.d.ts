/** Stylesheets a component imports for their side effect (the consumer's bundler, e.g. Vite, loads them). */
declare module "*.css"
