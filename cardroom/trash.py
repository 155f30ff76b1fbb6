"""Recoverable deletion: clubs, members and events (a party is its event) go to a trash.

A deleted row keeps its data with ``deleted_at``/``deleted_by`` set; the default manager
(``objects``) hides it, so every page, API call and task goes on as if it were gone, while
``all_objects`` still finds it for the trash page, restore and the purge after TRASH_DAYS."""
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

TRASH_DAYS = 30


class LiveManager(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(deleted_at__isnull=True)


class Trashable(models.Model):
    deleted_at = models.DateTimeField(null=True, blank=True, db_index=True, editable=False)
    deleted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+", editable=False)

    objects = LiveManager()
    all_objects = models.Manager()

    class Meta:
        abstract = True

    def validate_unique(self, exclude=None):
        """Also refuse a value a row in the trash still holds (the database would refuse it
        with an IntegrityError): name the field and say how to get it back."""
        super().validate_unique(exclude=exclude)
        checks, _ = self._get_unique_checks(exclude=exclude, include_meta_constraints=True)
        for _model, names in checks:
            values = {self._meta.get_field(n).attname: getattr(self, self._meta.get_field(n).attname) for n in names}
            if any(v is None for v in values.values()):
                continue
            if type(self).all_objects.filter(deleted_at__isnull=False, **values).exclude(pk=self.pk).exists():
                field = self._meta.get_field(names[-1])
                raise ValidationError({field.name: [
                    f"A {self._meta.verbose_name} in the trash has this {field.verbose_name}: restore it from "
                    f"the club's trash, or choose another."]})
