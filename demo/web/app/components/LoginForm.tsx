/** The login form of the login page: the toolkit's (react/components/header/LoginForm.tsx). */
export { LoginForm } from "../../../../react/components/header/LoginForm.tsx"
