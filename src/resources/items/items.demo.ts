// Demo item master of «Техноприлад»: a few hundred real-looking components (E12 resistors and ceramic capacitors
// in common packages, real ICs and transistors, connectors, materials) and the products made of them.
import type { DemoSeeder } from '@/server/db/seed/demo-seeder.ts';
import { resourceEngine } from '../index.ts';

const ctx = { userId: null, actor: 'demo-seed' } as const;

const E12 = ['10', '12', '15', '18', '22', '27', '33', '39', '47', '56', '68', '82'];
const DECADES = [
  { suffix: '', unit: 'Ом', code: 'R' },
  { suffix: '0', unit: 'Ом', code: 'R' },
  { suffix: '', unit: 'кОм', code: 'K' },
  { suffix: '0', unit: 'кОм', code: 'K' },
];
const CAPACITORS = [
  ['10', 'пФ', '10P'],
  ['22', 'пФ', '22P'],
  ['100', 'пФ', '100P'],
  ['1', 'нФ', '1N'],
  ['10', 'нФ', '10N'],
  ['100', 'нФ', '100N'],
  ['1', 'мкФ', '1U'],
  ['4,7', 'мкФ', '4U7'],
  ['10', 'мкФ', '10U'],
  ['22', 'мкФ', '22U'],
] as const;

const SEMICONDUCTORS: Array<[string, string, string, string, string]> = [
  // sku, name, mpn, manufacturer, package
  ['IC-STM32F103', 'Мікроконтролер STM32F103C8T6', 'STM32F103C8T6', 'STMicroelectronics', 'LQFP-48'],
  ['IC-STM32G030', 'Мікроконтролер STM32G030K6T6', 'STM32G030K6T6', 'STMicroelectronics', 'LQFP-48'],
  ['IC-ATMEGA328', 'Мікроконтролер ATmega328P-AU', 'ATMEGA328P-AU', 'Microchip', 'LQFP-48'],
  ['IC-LM358', 'Операційний підсилювач LM358', 'LM358DR', 'Texas Instruments', 'SOIC-8'],
  ['IC-NE555', 'Таймер NE555', 'NE555P', 'Texas Instruments', 'DIP-8'],
  ['IC-TL431', 'Джерело опорної напруги TL431', 'TL431AIDBZR', 'Texas Instruments', 'SOT-23'],
  ['IC-AMS1117', 'Стабілізатор AMS1117-3.3', 'AMS1117-3.3', 'Advanced Monolithic Systems', 'SOT-23'],
  ['IC-LM7805', 'Стабілізатор L7805CV', 'L7805CV', 'STMicroelectronics', 'TO-220'],
  ['IC-MP1584', 'Імпульсний перетворювач MP1584EN', 'MP1584EN-LF-Z', 'Monolithic Power Systems', 'SOIC-8'],
  ['IC-CH340', 'Перетворювач USB-UART CH340G', 'CH340G', 'WCH', 'SOIC-8'],
  ['IC-24C02', 'EEPROM 24C02', 'AT24C02D-SSHM-T', 'Microchip', 'SOIC-8'],
  ['IC-DS18B20', 'Датчик температури DS18B20', 'DS18B20+', 'Analog Devices', 'TO-220'],
  ['IC-INA219', 'Монітор струму INA219', 'INA219AIDR', 'Texas Instruments', 'SOIC-8'],
  ['IC-ADS1115', 'АЦП ADS1115', 'ADS1115IDGSR', 'Texas Instruments', 'SOIC-8'],
  ['IC-MAX485', 'Приймач RS-485 MAX485', 'MAX485ESA+', 'Analog Devices', 'SOIC-8'],
  ['Q-BC847', 'Транзистор BC847B', 'BC847B,215', 'Nexperia', 'SOT-23'],
  ['Q-BC857', 'Транзистор BC857B', 'BC857B,215', 'Nexperia', 'SOT-23'],
  ['Q-AO3400', 'MOSFET AO3400A', 'AO3400A', 'Alpha & Omega', 'SOT-23'],
  ['Q-IRLZ44N', 'MOSFET IRLZ44N', 'IRLZ44NPBF', 'Infineon', 'TO-220'],
  ['Q-IRF540', 'MOSFET IRF540N', 'IRF540NPBF', 'Infineon', 'TO-220'],
  ['D-1N4148', 'Діод 1N4148W', '1N4148W-7-F', 'Diodes Inc.', 'SOT-23'],
  ['D-SS34', 'Діод Шотткі SS34', 'SS34', 'Vishay', 'SOT-23'],
  ['D-LED-R0603', 'Світлодіод червоний 0603', 'LTST-C191KRKT', 'Lite-On', '0603'],
  ['D-LED-G0603', 'Світлодіод зелений 0603', 'LTST-C191KGKT', 'Lite-On', '0603'],
];

const OTHER: Array<[string, string, string | null, string | null, string, string | null]> = [
  // sku, name, mpn, manufacturer, category, unit (null = шт)
  ['X-USB-C', 'Роз’єм USB Type-C 16 pin', 'TYPE-C-31-M-12', 'Korean Hroparts', 'Роз’єми', null],
  ['X-MICROUSB', 'Роз’єм micro-USB', '10118194-0001LF', 'Amphenol', 'Роз’єми', null],
  ['X-PLS-40', 'Штирова лінійка PLS-40', null, null, 'Роз’єми', null],
  ['X-KF301-2', 'Клемник KF301-2P', null, null, 'Роз’єми', null],
  ['X-KF301-3', 'Клемник KF301-3P', null, null, 'Роз’єми', null],
  ['X-DC-JACK', 'Гніздо живлення DC 5,5×2,1', 'PJ-002A', 'CUI', 'Роз’єми', null],
  ['X-RJ45', 'Роз’єм RJ-45', null, null, 'Роз’єми', null],
  ['M-CASE-G1', 'Корпус Gainta G1020', 'G1020', 'Gainta', 'Корпуси та механіка', null],
  ['M-CASE-Z1', 'Корпус Z-1 пластиковий', null, null, 'Корпуси та механіка', null],
  ['M-SCREW-M3', 'Гвинт M3×8', null, null, 'Корпуси та механіка', null],
  ['M-STANDOFF', 'Стійка M3×10 латунна', null, null, 'Корпуси та механіка', null],
  ['M-LCD1602', 'Дисплей LCD 1602', 'LCD1602A', null, 'Корпуси та механіка', null],
  ['M-OLED096', 'Дисплей OLED 0,96"', 'SSD1306', null, 'Корпуси та механіка', null],
  ['M-BUZZER', 'Звуковий випромінювач 12 мм', null, null, 'Корпуси та механіка', null],
  ['M-BTN-6X6', 'Кнопка тактова 6×6', null, null, 'Корпуси та механіка', null],
  ['M-XTAL-8M', 'Кварцовий резонатор 8 МГц', 'HC-49S-8M', null, 'Пасивні компоненти', null],
  ['M-PCB-FR4', 'Склотекстоліт FR-4 1,5 мм', null, null, 'Корпуси та механіка', 'м²'],
];

const MATERIALS: Array<[string, string, string]> = [
  ['MAT-SOLDER-PASTE', 'Паяльна паста Sn63Pb37', 'кг'],
  ['MAT-SOLDER-WIRE', 'Припій дротовий ПОС-61 1 мм', 'кг'],
  ['MAT-FLUX', 'Флюс FluxPlus', 'л'],
  ['MAT-IPA', 'Спирт ізопропіловий', 'л'],
  ['MAT-WIRE-022', 'Провід МГТФ 0,22', 'м'],
  ['MAT-HEATSHRINK', 'Термоусадка 3 мм', 'м'],
  ['MAT-COMPOUND', 'Компаунд заливний', 'кг'],
  ['MAT-LABEL', 'Етикетка термо 58×40', 'шт'],
];

export const itemsDemoSeeder: DemoSeeder = {
  name: 'items',
  async run({ tx, log }) {
    const insert = (route: string, rows: Array<Record<string, unknown>>) =>
      resourceEngine.insertAll(tx, ctx, route, rows);
    const units = await resourceEngine.idsByLabel(tx, '/units');
    const unit = (short: string) => units.get(short.toLowerCase())!;
    const componentCategories = await resourceEngine.idsByLabel(tx, '/categories');
    const category = (name: string) => componentCategories.get(name.toLowerCase()) ?? null;
    const packages = await resourceEngine.idsByLabel(tx, '/package-types');
    const pkg = (name: string) => packages.get(name.toLowerCase()) ?? null;
    const productCategories = await resourceEngine.idsByLabel(tx, '/product-categories');
    const productCategory = (name: string) => productCategories.get(name.toLowerCase()) ?? null;

    const components: Array<Record<string, unknown>> = [];
    for (const size of ['0402', '0603', '0805', '1206']) {
      for (const decade of DECADES) {
        for (const value of E12) {
          const shown = `${value}${decade.suffix}`;
          components.push({
            kind: 'component',
            sku: `R-${size}-${shown}${decade.code}`,
            name: `Резистор ${shown} ${decade.unit} ${size} 1%`,
            unitId: unit('шт'),
            categoryId: category('Резистори'),
            packageTypeId: pkg(size),
            manufacturer: 'Yageo',
            mpn: `RC${size}FR-07${shown}${decade.code}L`,
            minStock: '500',
          });
        }
      }
    }
    for (const size of ['0603', '0805']) {
      for (const [value, unitName, code] of CAPACITORS) {
        components.push({
          kind: 'component',
          sku: `C-${size}-${code}`,
          name: `Конденсатор ${value} ${unitName} ${size} X7R 50 В`,
          unitId: unit('шт'),
          categoryId: category('Конденсатори'),
          packageTypeId: pkg(size),
          manufacturer: 'Samsung Electro-Mechanics',
          mpn: `CL${size === '0603' ? '10' : '21'}B${code}KBNC`,
          minStock: '300',
        });
      }
    }
    for (const [sku, name, mpn, manufacturer, packageName] of SEMICONDUCTORS) {
      components.push({
        kind: 'component',
        sku,
        name,
        mpn,
        manufacturer,
        unitId: unit('шт'),
        categoryId: category(sku.startsWith('IC-') ? 'Мікроконтролери' : 'Транзистори'),
        packageTypeId: pkg(packageName),
        minStock: '20',
      });
    }
    for (const [sku, name, mpn, manufacturer, categoryName, unitName] of OTHER) {
      components.push({
        kind: 'component',
        sku,
        name,
        mpn,
        manufacturer,
        unitId: unit(unitName ?? 'шт'),
        categoryId: category(categoryName),
        minStock: '10',
      });
    }
    for (const [sku, name, unitName] of MATERIALS) {
      components.push({ kind: 'material', sku, name, unitId: unit(unitName), minStock: '1' });
    }
    await insert('/components', components);

    const products: Array<Record<string, unknown>> = [];
    const supplies = productCategory('Блоки живлення');
    for (const volts of [5, 9, 12, 15, 24]) {
      for (const amps of [1, 2, 3, 5]) {
        const price = 180 + volts * 12 + amps * 95;
        products.push({
          kind: 'product',
          sku: `БЖ-${volts}-${amps}`,
          name: `Блок живлення БЖ-${volts}/${amps} (${volts} В, ${amps} А)`,
          unitId: unit('шт'),
          categoryId: supplies,
          retailPrice: String(price),
          wholesalePrice: String(Math.round(price * 0.85)),
          weightKg: `0.${String(15 + amps * 8).padStart(2, '0')}`,
          warrantyMonths: 12,
          serialTracking: true,
          minStock: '5',
        });
      }
    }
    const instruments = productCategory('Вимірювальні прилади');
    const meters: Array<[string, string, number]> = [
      ['ТП-М01', 'Мультиметр цифровий ТП-М01', 1450],
      ['ТП-М02', 'Мультиметр цифровий ТП-М02 з True RMS', 2350],
      ['ТП-Т10', 'Термометр контактний ТП-Т10', 980],
      ['ТП-Т20', 'Термометр двоканальний ТП-Т20', 1620],
      ['ТП-В100', 'Вольтметр щитовий ТП-В100', 640],
      ['ТП-А100', 'Амперметр щитовий ТП-А100', 660],
      ['ТП-W300', 'Ватметр USB ТП-W300', 720],
      ['ТП-L1', 'Люксметр ТП-L1', 1180],
      ['ТП-H2', 'Гігрометр-термометр ТП-H2', 890],
      ['ТП-Е5', 'Тестер акумуляторів ТП-Е5', 1340],
      ['ТП-ОС1', 'Осцилограф портативний ТП-ОС1', 5600],
      ['ТП-LC1', 'Вимірювач LC ТП-LC1', 1990],
    ];
    for (const [sku, name, price] of meters) {
      products.push({
        kind: 'product',
        sku,
        name,
        unitId: unit('шт'),
        categoryId: instruments,
        retailPrice: String(price),
        wholesalePrice: String(Math.round(price * 0.82)),
        weightKg: '0.35',
        warrantyMonths: 24,
        serialTracking: true,
        uktzedCode: '9030331000',
        minStock: '3',
      });
    }
    const controllers = productCategory('Контролери та модулі');
    const modules: Array<[string, string, number]> = [
      ['КТ-100', 'Контролер температури КТ-100', 1150],
      ['КТ-200', 'Контролер температури КТ-200 з RS-485', 1680],
      ['РТ-1', 'Реле часу РТ-1', 540],
      ['РН-16', 'Реле напруги РН-16', 720],
      ['ДМ-4', 'Модуль дискретних входів ДМ-4', 860],
      ['АМ-8', 'Модуль аналогових входів АМ-8', 1540],
      ['ЛД-1', 'Драйвер світлодіодів ЛД-1', 390],
      ['ШІМ-10', 'Регулятор ШІМ-10', 450],
    ];
    for (const [sku, name, price] of modules) {
      products.push({
        kind: 'product',
        sku,
        name,
        unitId: unit('шт'),
        categoryId: controllers,
        retailPrice: String(price),
        wholesalePrice: String(Math.round(price * 0.8)),
        weightKg: '0.2',
        serialTracking: true,
        minStock: '4',
      });
    }
    for (const [sku, name] of [
      ['ПЛ-БЖ', 'Плата блока живлення (змонтована)'],
      ['ПЛ-МУЛЬТ', 'Плата мультиметра (змонтована)'],
      ['ПЛ-КТ', 'Плата контролера температури (змонтована)'],
      ['ПЛ-ДИСП', 'Плата індикації (змонтована)'],
      ['ПЛ-RS485', 'Плата інтерфейсу RS-485 (змонтована)'],
    ]) {
      products.push({ kind: 'semi_finished', sku, name, unitId: unit('шт'), categoryId: controllers, minStock: '10' });
    }
    // Goods the company buys and resells as they are: counted, not serial-tracked.
    const accessories = productCategory('Аксесуари');
    for (const [sku, name, price] of [
      ['АКС-КАБ-15', 'Кабель живлення 1,5 м', '95'],
      ['АКС-DIN-35', 'Кріплення на DIN-рейку 35 мм', '48'],
      ['АКС-NTC-10', 'Датчик температури NTC 10 кОм у гільзі', '160'],
    ]) {
      products.push({
        kind: 'product',
        sku,
        name,
        unitId: unit('шт'),
        categoryId: accessories,
        retailPrice: price,
        wholesalePrice: String(Math.round(Number(price) * 0.85)),
        weightKg: '0.1',
        minStock: '10',
      });
    }
    const services = productCategory('Послуги');
    for (const [sku, name, price] of [
      ['ПОС-РЕМ', 'Ремонт приладу', '450'],
      ['ПОС-КАЛ', 'Калібрування вимірювального приладу', '600'],
      ['ПОС-ДІАГ', 'Діагностика', '200'],
      ['ПОС-МОНТ', 'Монтаж друкованої плати на замовлення', '35'],
    ]) {
      products.push({
        kind: 'service',
        sku,
        name,
        unitId: unit('шт'),
        categoryId: services,
        retailPrice: price,
        stockControl: false,
        warrantyMonths: 3,
      });
    }
    await insert('/products', products);
    log(`Номенклатура: компонентів і матеріалів — ${components.length}, товарів і послуг — ${products.length}`);
  },
};
