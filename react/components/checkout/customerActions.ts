/**
 * What the customer step asks the account and checkout services to do, as promises.
 *
 * @module
 */
import { useMemo } from "react"
import type { AddressPayload, CheckoutCustomerPayload } from "../../../core/domain/customer.ts"
import { useCheckout, useRunWith } from "../../storefront/hooks.ts"

/** A new customer's account data. */
export interface Registration {
  readonly email: string
  readonly password: string
  readonly firstname: string
  readonly lastname: string
}

/** The customer step's actions; each settles when the service has applied the answer. */
export interface CustomerActions {
  /** Loads the customer's addresses ('{cart-url}/1/load-addresses/', §2). */
  readonly loadAddresses: () => Promise<unknown>
  /** Saves an address as a billing profile and as a shipping address of the account. */
  readonly saveAddress: (address: AddressPayload) => Promise<unknown>
  /** Creates the account, logs in, saves the address and reloads the cart. */
  readonly register: (registration: Registration, address: AddressPayload) => Promise<unknown>
  /** Sends who orders and the chosen addresses (update-customer), then moves to the shipping step. */
  readonly proceed: (data: CheckoutCustomerPayload) => Promise<unknown>
  /** Reloads the cart after a login. */
  readonly reload: () => Promise<unknown>
}

/** The customer step's actions over the provider's services. */
export const useCustomerActions = (): CustomerActions => {
  const { run: checkoutRun } = useCheckout()
  const run = useRunWith()
  return useMemo(() => {
    const saveAddress = async (address: AddressPayload) => {
      await run((m) => m.Account.use((account) => account.setBillingAddress(address)))
      await run((m) => m.Account.use((account) => account.setShippingAddress(address)))
    }
    return {
      loadAddresses: () => checkoutRun((c) => c.loadAddresses),
      saveAddress,
      register: async (registration, address) => {
        await run((m) => m.Account.use((account) => account.register(registration)))
        await saveAddress(address)
        return checkoutRun((c) => c.load)
      },
      proceed: async (data) => {
        await checkoutRun((c) => c.updateCustomer(data))
        return checkoutRun((c) => c.nextStep)
      },
      reload: () => checkoutRun((c) => c.load)
    }
  }, [checkoutRun, run])
}
