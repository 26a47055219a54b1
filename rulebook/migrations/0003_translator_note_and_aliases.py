"""Skill.name_note (translated, shown on every page) becomes translator_note (English, never shown)
and aliases (other names per language, shown in that language); GlossaryTerm gets both too.

Each row remembers the hash of the file content it was loaded from, and the loader treats a row
whose content no longer matches that hash as edited in the admin. Dropping a field changes every
skill's content, so the rows that were in sync with their files are re-hashed in the new shape
(the next load_content then updates them from the files); rows edited in the admin keep their old
hash, so the loader still reports them, and keep their English name_note as translator_note.
"""

import hashlib
import json

from django.db import migrations, models

LANGS = ("es", "it", "fr", "en")


def _hash(data):
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _translated(data, obj, names, optional=()):
    for name in names + optional:
        values = {lang: getattr(obj, f"{name}_{lang}") or "" for lang in LANGS}
        if name in names or any(v.strip() for v in values.values()):
            data[name] = values


def _skill_dict(skill):
    """A skill as content_schema.to_dict gave it before this migration."""
    data = {"slug": skill.slug}
    for key in ("kind", "category", "activation", "elite"):
        data[key] = getattr(skill, key)
    data["related"] = sorted(s.slug for s in skill.related.all())
    other = skill.counterpart
    data["counterpart"] = f"{other.ruleset.key}:{other.slug}" if other is not None else ""
    data["identification"] = skill.identification
    data["identification_note"] = skill.identification_note
    data["source"] = skill.source
    data["original_language"] = skill.original_language
    _translated(data, skill, ("name", "text"), ("change_note", "name_note"))
    return data


def _term_dict(term):
    """A glossary term as content_schema.to_dict gave it before this migration."""
    data = {"slug": term.slug, "concept": term.concept, "source": term.source,
            "original_language": term.original_language}
    if term.avoid:
        data["avoid"] = {lang: list(term.avoid[lang]) for lang in LANGS if term.avoid.get(lang)}
    _translated(data, term, ("term", "definition"), ("note",))
    return data


def rehash_rows_in_sync(apps, schema_editor):
    Skill = apps.get_model("rulebook", "Skill")
    GlossaryTerm = apps.get_model("rulebook", "GlossaryTerm")
    skills = Skill.objects.select_related("counterpart__ruleset").prefetch_related("related")
    for model, rows, as_dict in ((Skill, skills, _skill_dict), (GlossaryTerm, GlossaryTerm.objects.all(), _term_dict)):
        for row in rows:
            old = as_dict(row)
            if _hash(old) != row.content_hash:  # edited in the admin: keep its note, keep the conflict
                model.objects.filter(pk=row.pk).update(translator_note=getattr(row, "name_note_en", "") or "")
                continue
            new = {key: value for key, value in old.items() if key != "name_note"}
            new["translator_note"] = ""
            model.objects.filter(pk=row.pk).update(content_hash=_hash(new))


class Migration(migrations.Migration):

    dependencies = [
        ('rulebook', '0002_table_counterpart_and_change_note'),
    ]

    operations = [
        migrations.AddField(
            model_name='glossaryterm',
            name='aliases',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name='glossaryterm',
            name='translator_note',
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name='skill',
            name='aliases',
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name='skill',
            name='translator_note',
            field=models.TextField(blank=True),
        ),
        migrations.RunPython(rehash_rows_in_sync, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name='skill',
            name='name_note',
        ),
        migrations.RemoveField(
            model_name='skill',
            name='name_note_en',
        ),
        migrations.RemoveField(
            model_name='skill',
            name='name_note_es',
        ),
        migrations.RemoveField(
            model_name='skill',
            name='name_note_fr',
        ),
        migrations.RemoveField(
            model_name='skill',
            name='name_note_it',
        ),
    ]
