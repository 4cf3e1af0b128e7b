# language: ru
Функция: Плохие входы

  Правило: heroes:114.1 — активируемая способность

    @heroes:114.1 @asm:card-stats-unknown
    Сценарий: [bad-1] Целитель лечит
      Дано расклад "heroes/114-целитель.yaml"
      Тогда у "Гном" 2 раны

    @heroes:114.1 @asm:card-stats-unknown
    Сценарий: [bad-2] Пустой
