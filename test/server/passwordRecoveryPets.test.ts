/**
 * Password recovery and the pet form against the real server in-process (ours; spec §2 passwordRecovery, §1 pet
 * form): the link goes to the mail outbox for a known e-mail only while the answer stays the same, only the token's
 * hash is stored, a token works once and not after it expires, the new password replaces the old one and unlocks the
 * account, the return path is same-origin only; pets belong to their customer.
 */
import { afterAll, describe, expect, it } from "vitest"
import { Effect } from "effect"
import { PasswordRecoveryGroup } from "../../core/api/passwordRecovery.ts"
import { PetFormGroup } from "../../core/api/petForm.ts"
import { maxRecoveryLinksPerWindow } from "../../core/domain/passwordRecovery.ts"
import { shopById } from "../../core/domain/shop.ts"
import { demoPassword } from "../../demo/server/db/seed/seed.ts"
import { PasswordRecoveryHandlers } from "../../demo/server/handlers/passwordRecovery.ts"
import { PetFormHandlers } from "../../demo/server/handlers/petForm.ts"
import { accountBackend, demoAccount, openRedirectPayloads, rawLogIn, rawSession } from "./accountSupport.ts"

const { backend, probe } = accountBackend([PasswordRecoveryGroup, PetFormGroup], [PasswordRecoveryHandlers, PetFormHandlers])
afterAll(() => backend.dispose())

const cz = shopById("CZ10MA")

const query = <A extends object>(text: string, ...values: ReadonlyArray<unknown>) =>
  Effect.runPromise(probe.use((sql) => sql.unsafe<A>(text, values as Array<any>)))

const mailsTo = (recipient: string) =>
  query<{ mail_id: number; subject: string; body: string; shop_id: string }>(
    "SELECT mail_id, subject, body, shop_id FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY mail_id",
    recipient
  )

const linkOf = (body: string): URL => {
  const path = body.split("\n").find((line) => line.startsWith(cz.urlKeys.passwordRecovery))
  if (path === undefined) throw new Error(`no link in ${body}`)
  return new URL(path, "http://shop.test")
}

const requestLink = async (email: string, returnPath?: string) => {
  const raw = await rawSession(backend)
  return raw.send("POST", "/api/auth/password-recovery/", { body: { email, ...(returnPath === undefined ? {} : { returnPath }) } })
}

describe("password recovery (server)", () => {
  it("a known e-mail gets a link in the outbox; an unknown one gets the same answer and no mail", async () => {
    const known = await requestLink(demoAccount("silver").toUpperCase())
    const unknown = await requestLink("nobody@example.cz")
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(unknown.json).toEqual(known.json)
    const mails = await mailsTo(demoAccount("silver"))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.shop_id).toBe("CZ10MA")
    expect(linkOf(mails[0]!.body).searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(await mailsTo("nobody@example.cz")).toHaveLength(0)
  })

  it("only the token's hash is stored", async () => {
    const mails = await mailsTo(demoAccount("silver"))
    const token = linkOf(mails[0]!.body).searchParams.get("token")!
    const rows = await query<{ token_hash: string }>("SELECT token_hash FROM password_recovery_tokens")
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.token_hash).not.toContain(token)
  })

  it("the token sets a new password once, logs the customer in, and the old password stops working", async () => {
    const email = demoAccount("loyalty")
    await requestLink(email, "/kosik")
    const link = linkOf((await mailsTo(email)).at(-1)!.body)
    expect(link.searchParams.get("return")).toBe("/kosik")
    const raw = await rawSession(backend)
    const reset = await raw.send("POST", "/api/auth/password-recovery/reset", {
      body: { token: link.searchParams.get("token"), password: "a-new-password" }
    })
    expect(reset.status).toBe(200)
    expect(reset.json.customer.isLogged).toBe(true)
    expect(reset.json.redirectUrl).toBe("/kosik")
    const again = await (await rawSession(backend)).send("POST", "/api/auth/password-recovery/reset", {
      body: { token: link.searchParams.get("token"), password: "another-password" }
    })
    expect(again.status).toBe(410)
    expect(again.json._tag).toBe("RecoveryTokenInvalid")
    const old = await rawLogIn(await rawSession(backend), "loyalty")
    expect(old.status).toBe(401)
    const fresh = await rawSession(backend)
    const login = await fresh.send("POST", "/api/auth/login/", { body: { username: email, password: "a-new-password" } })
    expect(login.status).toBe(200)
  })

  it("an expired token is refused and the password stays", async () => {
    const email = demoAccount("vip")
    await requestLink(email)
    const token = linkOf((await mailsTo(email)).at(-1)!.body).searchParams.get("token")!
    await query("UPDATE password_recovery_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL")
    const reset = await (await rawSession(backend)).send("POST", "/api/auth/password-recovery/reset", {
      body: { token, password: "a-new-password" }
    })
    expect(reset.status).toBe(410)
    expect((await rawLogIn(await rawSession(backend), "vip")).status).toBe(200)
  })

  it("a reset unlocks a locked account", async () => {
    const email = demoAccount("adult")
    await query("UPDATE customers SET locked_until = now() + interval '1 hour' WHERE lower(email) = lower($1)", email)
    expect((await rawLogIn(await rawSession(backend), "adult")).status).toBe(423)
    await requestLink(email)
    const token = linkOf((await mailsTo(email)).at(-1)!.body).searchParams.get("token")!
    const reset = await (await rawSession(backend)).send("POST", "/api/auth/password-recovery/reset", {
      body: { token, password: demoPassword }
    })
    expect(reset.status).toBe(200)
    expect((await rawLogIn(await rawSession(backend), "adult")).status).toBe(200)
  })

  it("an open-redirect return path is never put into the link", async () => {
    const email = demoAccount("gold")
    for (const payload of openRedirectPayloads.slice(0, maxRecoveryLinksPerWindow)) {
      expect((await requestLink(email, payload)).status).toBe(200)
    }
    for (const mail of await mailsTo(email)) expect(linkOf(mail.body).searchParams.get("return")).toBeNull()
  })

  it(`at most ${maxRecoveryLinksPerWindow} links per account within the hour; the answer does not change`, async () => {
    const email = demoAccount("gold")
    const before = (await mailsTo(email)).length
    expect(before).toBe(maxRecoveryLinksPerWindow)
    const answer = await requestLink(email)
    expect(answer.status).toBe(200)
    expect(await mailsTo(email)).toHaveLength(before)
  })

  it("a short password is refused before any token is spent; a CSRF-less request is refused", async () => {
    const raw = await rawSession(backend)
    expect((await raw.send("POST", "/api/auth/password-recovery/reset", { body: { token: "x", password: "short" } })).status).toBe(400)
    expect((await raw.send("POST", "/api/auth/password-recovery/", { body: { email: "a@b.cz" }, csrf: null })).status).toBe(403)
  })
})

describe("pet form (server)", () => {
  const rex = { name: "Rex", species: "dog", sex: "male", neutered: true, breed: "Beagle", birthDate: "2020-05-01", weightKg: 12.5 }

  it("a guest is asked to log in", async () => {
    const raw = await rawSession(backend)
    const answer = await raw.send("GET", "/api/account/pets")
    expect(answer.status).toBe(401)
    expect(answer.json.redirectUrl).toBe(cz.urlKeys.login)
  })

  it("a customer adds, lists and removes pets; another customer cannot remove them", async () => {
    const owner = await rawSession(backend)
    await rawLogIn(owner, "silver")
    const added = await owner.send("POST", "/api/account/pets", { body: rex })
    expect(added.status).toBe(200)
    expect(added.json).toMatchObject(rex)
    const listed = await owner.send("GET", "/api/account/pets")
    expect(listed.json.pets).toEqual([added.json])
    const other = await rawSession(backend)
    await rawLogIn(other, "vip-plus")
    expect((await other.send("DELETE", `/api/account/pets/${added.json.petId}`)).status).toBe(404)
    expect((await other.send("GET", "/api/account/pets")).json.pets).toEqual([])
    expect((await owner.send("DELETE", `/api/account/pets/${added.json.petId}`)).status).toBe(200)
    expect((await owner.send("GET", "/api/account/pets")).json.pets).toEqual([])
  })

  it("a birth date in the future is refused naming it; a malformed pet is refused by the Schema", async () => {
    const owner = await rawSession(backend)
    await rawLogIn(owner, "silver")
    const future = await owner.send("POST", "/api/account/pets", { body: { ...rex, birthDate: "2999-01-01" } })
    expect(future.status).toBe(422)
    expect(future.json.field).toBe("birthDate")
    expect((await owner.send("POST", "/api/account/pets", { body: { ...rex, species: "dragon" } })).status).toBe(400)
  })
})
