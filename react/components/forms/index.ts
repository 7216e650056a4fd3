/**
 * Form pieces of the storefront's pages: thin, accessible, texts from the provider's catalogue (`useShopText`),
 * rules from the core.
 *
 * @module
 */
export { AttachmentsField, type AttachmentLimits, type AttachmentsFieldProps } from "./AttachmentsField.tsx"
export { CaptchaField, type CaptchaFieldProps } from "./CaptchaField.tsx"
export { ContactInfoBox, type ContactInfoBoxProps } from "./ContactInfoBox.tsx"
export { ContactTopicPicker, type ContactTopicPickerProps } from "./ContactTopicPicker.tsx"
export { FormNotice, type FormNoticeProps } from "./FormNotice.tsx"
export { TextField, type TextFieldProps } from "./TextField.tsx"
