/** The customer step of the demo: the toolkit's component with the provider's state and the demo's login form. */
import { CustomerStep as Step } from "../../../../../react/components/checkout/CustomerStep.tsx"
import { useCustomerActions } from "../../../../../react/components/checkout/customerActions.ts"
import { useCheckout, useCustomer } from "../../../../../react/storefront/hooks.ts"
import { LoginForm } from "../LoginForm.tsx"

/** The customer step; moving on is the step's own `proceed` action. */
export function CustomerStep() {
  const { state } = useCheckout()
  const customer = useCustomer()
  const actions = useCustomerActions()
  const loggedIn = customer.customer?.isLogged === true || state.customer?.isLogged === true
  return <Step state={state} loggedIn={loggedIn} actions={actions}
    loginForm={<LoginForm onLoggedIn={() => void actions.reload().catch(() => undefined)} />} />
}
