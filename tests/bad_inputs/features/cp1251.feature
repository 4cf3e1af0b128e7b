# language: ru
Функция: Плохой вход
