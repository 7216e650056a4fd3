/**
 * The account service's published state and the state of a page whose customer is known, without Effect:
 * the React layer reads these on the first paint, before the services load.
 *
 * @module
 */
import type { Customer } from "../api/entities/customer.ts"
import type { LoginField } from "../domain/auth.ts"
import { customerRole, displayName, type CustomerRole } from "../domain/customer.ts"
import type { FlashMessage } from "../domain/flash.ts"

/** What the account widgets read (§2, §6, §8). */
export interface AccountState {
  /** The customer in session, as the server last sent it; undefined until known (a guest). */
  readonly customer: Customer | undefined
  /** The customer's role (§6). */
  readonly role: CustomerRole
  /** The name shown for a logged-in customer (§6: "Jan N."). */
  readonly displayName: string
  /** The form flashes of the last failed login (§5: the response's messages, or a generic error). */
  readonly loginError: ReadonlyArray<FlashMessage>
  /** The server's text above the login form after a failed login; cleared 5 s later on the Clock (§8). */
  readonly loginTitle: string | undefined
  /** The required login fields left empty on the last attempt (§5). */
  readonly missingFields: ReadonlyArray<LoginField>
  /** The form flashes of the last failed registration (§5). */
  readonly registrationError: ReadonlyArray<FlashMessage>
  /** A login, registration or logout call is in flight. */
  readonly busy: boolean
  /**
   * The session's CSRF token as this service learned it after the last login, registration or logout (the
   * session is new then, §6); undefined before any, when the page's server-rendered token is still the session's.
   */
  readonly csrfToken: string | undefined
}

/** The state of a page whose customer is `customer` (undefined: not known yet, a guest). */
export const accountStateFor = (customer: Customer | undefined): AccountState => ({
  customer,
  role: customerRole(customer),
  displayName: customerRole(customer) === "guest" ? "" : displayName(customer),
  loginError: [],
  loginTitle: undefined,
  missingFields: [],
  registrationError: [],
  busy: false,
  csrfToken: undefined
})

