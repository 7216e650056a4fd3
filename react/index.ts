/**
 * React 19 bindings of the storefront core: accessible components that render the core's rules and
 * never decide one themselves.
 *
 * @module
 */
export { QuantityInput, type QuantityInputLabels, type QuantityInputProps } from "./QuantityInput.tsx"
