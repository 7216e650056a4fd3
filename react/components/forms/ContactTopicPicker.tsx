/**
 * The contact page's three-level topic picker (spec §2, §4): one select per reachable level, named `selected_1` to
 * `selected_3` as the form sends them. Choosing a level resets the deeper ones (the core's `selectTopic`). Without
 * JavaScript the surrounding form is submitted with the confirm button and the page renders the next level.
 *
 * @module
 */
import { useId } from "react"
import {
  selectTopic,
  selectedPath,
  topicLevels,
  type ContactTopic,
  type TopicLevel,
  type TopicSelection
} from "../../../core/domain/contact.ts"
import { useShopText } from "../../storefront/text.tsx"

/** Props of {@link ContactTopicPicker}. */
export interface ContactTopicPickerProps {
  /** The shop's topic tree (the core's `contactTopicTree` of the content body). */
  readonly tree: ReadonlyArray<ContactTopic>
  /** The chosen topics. */
  readonly selection: TopicSelection
  /** Called with the selection after a choice (deeper levels already reset). */
  readonly onChange?: ((selection: TopicSelection) => void) | undefined
  /** Extra class names. */
  readonly className?: string | undefined
}

const levelKeys = { 1: "pg_contact_topic_level_1", 2: "pg_contact_topic_level_2", 3: "pg_contact_topic_level_3" } as const

/**
 * Three dependent selects: level two offers the children of the first choice, level three those of the second.
 *
 * @example
 * ```tsx
 * <ContactTopicPicker tree={tree} selection={selection} onChange={setSelection} />
 * ```
 */
export function ContactTopicPicker({ tree, selection, onChange, className }: ContactTopicPickerProps) {
  const { t } = useShopText()
  const id = useId()
  const path = selectedPath(tree, selection)
  const optionsOf = (level: TopicLevel): ReadonlyArray<ContactTopic> =>
    level === 1 ? tree : path[level - 2]?.children ?? []
  const valueOf = (level: TopicLevel): string => path[level - 1]?.key ?? ""
  return (
    <fieldset className={`topic-picker ${className ?? ""}`.trim()}>
      <legend>{t("pg_contact_topic")}</legend>
      {topicLevels.map((level) => {
        const options = optionsOf(level)
        if (options.length === 0) return null
        return (
          <div className="form-field" key={level}>
            <label htmlFor={`${id}-${level}`}>{t(levelKeys[level])}</label>
            <select
              id={`${id}-${level}`}
              name={`selected_${level}`}
              value={valueOf(level)}
              onChange={(event) => onChange?.(selectTopic(selection, level, event.target.value === "" ? undefined : event.target.value, tree))}
            >
              <option value="">{t("pg_contact_choose")}</option>
              {options.map((topic) => <option key={topic.key} value={topic.key}>{topic.title}</option>)}
            </select>
          </div>
        )
      })}
      <noscript>
        <button type="submit" className="button button--secondary">{t("pg_contact_apply_topic")}</button>
      </noscript>
    </fieldset>
  )
}
